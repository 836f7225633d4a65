// The drop-in's initialise script, served at /billing/static/dropin/v2/initialise.js and loaded by
// @gocardless/react-dropin (its `initialiseURL` option) or a plain <script>. It defines
// window.GoCardlessDropin.create(options) -> { open(), exit() }: the hosted flow in an accessible
// modal iframe, whose pages post their outcome to this page's origin only. docs/dropin.md.
(function () {
  'use strict';
  if (window.GoCardlessDropin) return;

  // Filled in by the server that serves this file.
  var SERVER_ENVIRONMENT = '__BANKFLOW_ENVIRONMENT__';
  var script = document.currentScript;
  var scriptOrigin = script && script.src ? new URL(script.src).origin : null;
  var ID = /^(BRF|BRT)[0-9A-Z]{26}$/;
  // Only one flow is ever on screen: a second create() or a double click does not open another.
  var openInstance = null;
  var instances = 0;

  function baseOf(options) {
    if (options.domain) {
      var url = new URL(options.domain);
      if (url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname === '127.0.0.1') return url.origin;
    }
    return scriptOrigin;
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text) node.textContent = text;
    return node;
  }

  function create(options) {
    options = options || {};
    var onSuccess = typeof options.onSuccess === 'function' ? options.onSuccess : function () {};
    var onExit = typeof options.onExit === 'function' ? options.onExit : function () {};
    var base = baseOf(options);
    var flowId = options.billingRequestFlowID;
    var templateId = options.billingRequestTemplateID;
    var number = ++instances;
    var state = 'closed'; // closed <-> open; `succeeded` once the payer succeeded
    var succeeded = false;
    var overlay = null;
    var frame = null;
    var returnFocus = null;
    var madeInert = [];

    function problem() {
      if (!base) return 'the drop-in could not tell which server it came from: set `domain`';
      if (options.environment && options.environment !== SERVER_ENVIRONMENT)
        return 'this server is the ' + SERVER_ENVIRONMENT + ' environment, not ' + options.environment;
      if (flowId && ID.test(flowId) && flowId.slice(0, 3) === 'BRF') return null;
      if (!flowId && templateId && ID.test(templateId) && templateId.slice(0, 3) === 'BRT') return null;
      return 'give billingRequestFlowID (BRF…) or billingRequestTemplateID (BRT…)';
    }

    function frameUrl() {
      var path = flowId ? '/pay/' + flowId : '/pay/templates/' + templateId;
      return base + path + '?' + new URLSearchParams({ dropin_origin: window.location.origin });
    }

    function metadata(reason) {
      var data = { reason: reason };
      if (flowId) data.billing_request_flow_id = flowId;
      if (templateId) data.billing_request_template_id = templateId;
      return data;
    }

    // On a phone, a merchant page wider than the screen widens the layout viewport that a fixed
    // overlay fills, leaving part of the modal (and its Close) off what the payer sees: the overlay
    // follows the visual viewport instead (CSSOM, which a merchant's CSP allows).
    function fitToScreen() {
      var view = window.visualViewport;
      if (!overlay || !view) return;
      overlay.style.left = view.offsetLeft + 'px';
      overlay.style.top = view.offsetTop + 'px';
      overlay.style.width = view.width + 'px';
      overlay.style.height = view.height + 'px';
    }

    function close() {
      if (!overlay) return;
      if (window.visualViewport) {
        window.visualViewport.removeEventListener('resize', fitToScreen);
        window.visualViewport.removeEventListener('scroll', fitToScreen);
      }
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKeydown, true);
      overlay.remove();
      overlay = null;
      frame = null;
      madeInert.forEach(function (node) {
        node.inert = false;
      });
      madeInert = [];
      document.documentElement.style.overflow = '';
      state = 'closed';
      if (openInstance === number) openInstance = null;
      if (returnFocus && typeof returnFocus.focus === 'function') returnFocus.focus();
    }

    // The payer or the flow ended it: onExit, unless the payer had already succeeded.
    function exitWith(reason) {
      var was = state;
      close();
      if (was === 'open' && !succeeded) onExit(null, metadata(reason));
    }

    function onMessage(event) {
      if (!frame || event.source !== frame.contentWindow || event.origin !== base) return;
      var data = event.data;
      if (!data || data.source !== 'bankflow-dropin') return;
      if (data.event === 'success' && !succeeded) {
        succeeded = true;
        onSuccess(data.billingRequest, data.billingRequestFlow);
      } else if (data.event === 'exit') {
        exitWith(typeof data.reason === 'string' ? data.reason : 'payer_exited');
      } else if (data.event === 'escape') {
        exitWith('closed_by_payer');
      }
    }

    function onKeydown(event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        exitWith('closed_by_payer');
      }
    }

    // Focus stays in the dialog: the page behind is inert, and a guard at each end wraps round.
    function guard(target) {
      var node = element('span', { tabindex: '0', 'data-dropin-guard': '' });
      node.addEventListener('focus', function () {
        target().focus();
      });
      return node;
    }

    function open() {
      // Once open, or once the payer succeeded, a second open() (a double click) does nothing.
      if (state === 'open' || succeeded || openInstance !== null) return;
      var error = problem();
      if (error) {
        onExit({ message: error }, metadata('invalid_options'));
        return;
      }
      openInstance = number;
      state = 'open';
      returnFocus = document.activeElement;
      // A stylesheet from this server rather than inline styles, so a merchant's CSP need not allow
      // 'unsafe-inline' (docs/dropin.md lists the sources to allow).
      if (!document.getElementById('bf-dropin-style')) {
        document.head.appendChild(
          element('link', {
            id: 'bf-dropin-style',
            rel: 'stylesheet',
            href: base + '/billing/static/dropin/v2/dropin.css',
          }),
        );
      }
      var label = document.documentElement.lang && document.documentElement.lang.indexOf('en') !== 0 ? '×' : 'Close';
      var closeButton = element('button', { type: 'button', class: 'bf-dropin__close', 'aria-label': 'Close' }, label);
      closeButton.addEventListener('click', function () {
        exitWith('closed_by_payer');
      });
      frame = element('iframe', {
        class: 'bf-dropin__frame',
        title: 'Set up your payment',
        src: frameUrl(),
        allow: 'payment',
        referrerpolicy: 'origin',
      });
      var bar = element('div', { class: 'bf-dropin__bar' });
      bar.appendChild(closeButton);
      var dialog = element('div', {
        class: 'bf-dropin__dialog',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-label': 'Set up your payment',
      });
      var currentFrame = frame;
      dialog.appendChild(
        guard(function () {
          return currentFrame;
        }),
      );
      dialog.appendChild(bar);
      dialog.appendChild(frame);
      dialog.appendChild(
        guard(function () {
          return closeButton;
        }),
      );
      overlay = element('div', { class: 'bf-dropin', 'data-dropin': '' });
      overlay.appendChild(dialog);
      Array.prototype.forEach.call(document.body.children, function (node) {
        if (!node.inert) {
          node.inert = true;
          madeInert.push(node);
        }
      });
      document.body.appendChild(overlay);
      document.documentElement.style.overflow = 'hidden';
      fitToScreen();
      if (window.visualViewport) {
        window.visualViewport.addEventListener('resize', fitToScreen);
        window.visualViewport.addEventListener('scroll', fitToScreen);
      }
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKeydown, true);
      closeButton.focus();
    }

    // The merchant's code closes it (the React hook does, before creating another).
    function exit() {
      exitWith('closed_by_integrator');
    }

    return { open: open, exit: exit };
  }

  window.GoCardlessDropin = { create: create };
})();
