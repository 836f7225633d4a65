// Progressive enhancement of the hosted payer pages. Everything works without this file; it adds
// pending states, search as you type, the language switch on change, live checks of bank details,
// focus on the error summary, the live status of the bank step, and (in the dashboard) the live
// status of a payment link.
(function () {
  'use strict';

  // Forms: show that a submission is under way and stop double submissions.
  document.querySelectorAll('form[data-pending]').forEach(function (form) {
    form.addEventListener('submit', function () {
      var button = form.querySelector('button[type="submit"]');
      if (!button) return;
      setTimeout(function () {
        button.disabled = true;
        button.setAttribute('aria-busy', 'true');
      }, 0);
    });
  });

  // The order summary is open for everyone without JavaScript; on a phone it folds to its title.
  if (window.matchMedia && window.matchMedia('(max-width: 40rem)').matches) {
    document.querySelectorAll('details[data-fold-narrow]').forEach(function (details) {
      details.open = false;
    });
  }

  // An error summary takes the focus so screen readers announce it first.
  var summary = document.querySelector('[data-focus-on-load]');
  if (summary) summary.focus();

  // Bank search as you type: filter the list already on the page.
  document.querySelectorAll('input[data-filter-list]').forEach(function (input) {
    var list = document.getElementById(input.getAttribute('data-filter-list'));
    if (!list) return;
    var empty = document.querySelector('[data-filter-empty="' + list.id + '"] span');
    input.addEventListener('input', function () {
      var query = input.value.trim().toLowerCase();
      var shown = 0;
      list.querySelectorAll('li').forEach(function (item) {
        item.hidden = query !== '' && item.getAttribute('data-name').indexOf(query) === -1;
        if (!item.hidden) shown++;
      });
      // "No bank matches your search", announced (the paragraph is a status region), when none does.
      if (empty) empty.hidden = shown > 0;
    });
  });

  // Live checks of what is checkable in the browser: an IBAN's checksum, a sort code's shape.
  function ibanValid(value) {
    var iban = value.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
    var rearranged = iban.slice(4) + iban.slice(0, 4);
    var remainder = 0;
    for (var i = 0; i < rearranged.length; i++) {
      var code = rearranged.charCodeAt(i);
      var digits = code >= 65 ? String(code - 55) : rearranged[i];
      for (var j = 0; j < digits.length; j++) remainder = (remainder * 10 + Number(digits[j])) % 97;
    }
    return remainder === 1;
  }
  var checks = {
    iban: ibanValid,
    'sort-code': function (v) {
      return /^\d{6}$/.test(v.replace(/[\s-]/g, ''));
    },
  };
  // The message comes from the page (translated); it is shown on leaving the field and cleared
  // as soon as the value is right. A value that is right names its bank when the page can tell.
  document.querySelectorAll('input[data-validate]').forEach(function (input) {
    var check = checks[input.getAttribute('data-validate')];
    var live = document.getElementById(input.id + '-live');
    var lookup = input.getAttribute('data-lookup');
    // The server's message for this field, when the page came back with one: never said twice.
    var served = document.getElementById(input.id + '-error');
    var say = function (text, wrong) {
      if (!live) return;
      live.textContent = wrong && served && !served.hidden && served.textContent === text ? '' : text;
      live.classList.toggle('invalid-now', wrong);
      // Put right, the server's message no longer applies.
      if (served && !wrong && text === '') served.hidden = true;
    };
    var show = function (ok) {
      input.setAttribute('aria-invalid', ok ? 'false' : 'true');
      input.classList.toggle('invalid', !ok);
      say(ok ? '' : live ? live.getAttribute('data-message') : '', !ok);
      if (ok && lookup && live && live.getAttribute('data-found')) {
        fetch(lookup + encodeURIComponent(input.value), { credentials: 'same-origin' })
          .then(function (r) {
            return r.ok ? r.json() : null;
          })
          .then(function (found) {
            if (found && found.bank_name && input.getAttribute('aria-invalid') === 'false')
              say(live.getAttribute('data-found').replace('{bank}', found.bank_name), false);
          })
          .catch(function () {});
      }
    };
    input.addEventListener('blur', function () {
      if (input.value.trim() !== '') show(check(input.value));
    });
    input.addEventListener('input', function () {
      if (input.getAttribute('aria-invalid') === 'true' && check(input.value)) show(true);
    });
  });

  // A small touch screen is most likely a phone, whatever its user agent said: no QR code handing
  // the payment to "your phone" (the server leaves it out when the user agent names a phone).
  if (window.matchMedia && window.matchMedia('(hover: none) and (pointer: coarse) and (max-width: 40em)').matches) {
    document.querySelectorAll('[data-phone-handoff]').forEach(function (handoff) {
      handoff.hidden = true;
    });
  }

  // The bank step: follow the bank's answer (from this device or a phone) without a reload.
  var waiting = document.querySelector('[data-poll]');
  if (waiting) {
    waiting.hidden = false;
    var here = location.pathname;
    var poll = function () {
      fetch(waiting.getAttribute('data-poll'), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then(function (r) {
          return r.ok ? r.json() : null;
        })
        .then(function (status) {
          if (status && status.location && status.location !== here) location.assign(status.location);
          else setTimeout(poll, 2000);
        })
        .catch(function () {
          setTimeout(poll, 4000);
        });
    };
    setTimeout(poll, 2000);
  }

  // In the drop-in: the outcome goes to the merchant page, to its origin only (never '*'); its
  // script (/billing/static/dropin/v2/initialise.js) calls onSuccess or onExit.
  var dropin = document.querySelector('[data-dropin-message]');
  if (dropin && window.parent !== window) {
    window.parent.postMessage(
      JSON.parse(dropin.getAttribute('data-dropin-message')),
      dropin.getAttribute('data-dropin-origin'),
    );
  }

  // In the drop-in, Esc closes the modal even while the focus is in this frame. On keyup, so the
  // key has finished with this frame before the merchant page removes it.
  var parent = document.querySelector('[data-dropin-parent]');
  if (parent && window.parent !== window) {
    document.addEventListener('keyup', function (event) {
      if (event.key !== 'Escape') return;
      window.parent.postMessage(
        { source: 'bankflow-dropin', event: 'escape' },
        parent.getAttribute('data-dropin-parent'),
      );
    });
  }

  // The dashboard's payment link: follow the payer's progress without a reload. The status and the
  // payment (a link to its page once it exists) are filled in where the server put them, inside a
  // polite live region; the asking stops once nothing more can happen to the link.
  var linkPage = document.querySelector('[data-live-link]');
  if (linkPage) {
    var field = function (name) {
      return linkPage.querySelector('[data-live-field="' + name + '"]');
    };
    var follow = function () {
      fetch(linkPage.getAttribute('data-live-link'), {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      })
        .then(function (r) {
          return r.ok ? r.json() : null;
        })
        .then(function (progress) {
          if (!progress) return setTimeout(follow, 4000);
          var status = field('status');
          if (status && status.textContent !== progress.status) status.textContent = progress.status;
          var payment = field('payment');
          if (payment && progress.payment && !payment.querySelector('a')) {
            var a = document.createElement('a');
            a.href = '/dashboard/payments/' + encodeURIComponent(progress.payment);
            a.textContent = progress.payment;
            payment.textContent = '';
            payment.appendChild(a);
          }
          if (!progress.settled) setTimeout(follow, 2000);
        })
        .catch(function () {
          setTimeout(follow, 4000);
        });
    };
    setTimeout(follow, 2000);
  }

  // Say the page is enhanced, so a test (or a stylesheet) knows the handlers above are in place.
  document.documentElement.setAttribute('data-enhanced', '');
})();
