import { byConsent, inParens, join, type MandateCatalogue } from '../mandate-draft';

/** The schemes' mandate texts in German (legal texts, kept whole; i18n/mandate.ts says what each must say). */
export const mandate: MandateCatalogue = {
  bacs: (c) => ({
    title: 'Die Direct-Debit-Garantie (The Direct Debit Guarantee)',
    lead: {
      title: 'Lastschriftanweisung an Ihre Bank oder Building Society',
      paragraphs: [
        join(
          `Zahlungsempfänger (Service User): ${c.contact}. Service User Number (SUN): ${c.id}.`,
          c.ref ? `Referenz: ${c.ref}.` : 'Ihre Lastschriftreferenz erhalten Sie per E-Mail.',
        ),
        `Bitte lösen Sie die Lastschriften von ${c.name} zulasten des in dieser Anweisung angegebenen Kontos ein, vorbehaltlich der Schutzrechte aus der Direct-Debit-Garantie. Mir ist bekannt, dass diese Anweisung bei ${c.name} verbleiben kann und die Angaben in diesem Fall elektronisch an meine Bank oder Building Society übermittelt werden.`,
      ],
    },
    paragraphs: [
      'Diese Garantie wird von allen Banken und Building Societies angeboten, die Direct-Debit-Lastschriften ausführen.',
      `Ändern sich Betrag, Datum oder Häufigkeit Ihrer Lastschrift, informiert ${c.name} Sie 3 Arbeitstage vor der Belastung Ihres Kontos oder wie anderweitig vereinbart. Wenn Sie ${c.name} bitten, eine Zahlung einzuziehen, werden Ihnen Betrag und Datum bei Ihrer Anfrage bestätigt.`,
      `Unterläuft ${c.name} oder Ihrer Bank bzw. Building Society bei der Ausführung Ihrer Lastschrift ein Fehler, haben Sie Anspruch auf sofortige und vollständige Erstattung des gezahlten Betrags durch Ihre Bank oder Building Society.`,
      `Erhalten Sie eine Erstattung, die Ihnen nicht zusteht, müssen Sie sie zurückzahlen, sobald ${c.name} Sie dazu auffordert.`,
      `Sie können eine Lastschrift jederzeit widerrufen, indem Sie sich einfach an Ihre Bank oder Building Society wenden. Eine schriftliche Bestätigung kann erforderlich sein. Bitte informieren Sie auch ${c.name}.`,
    ],
    agreement: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Zahlungen unter dem Schutz der Direct-Debit-Garantie per Lastschrift von Ihrem Konto einzuziehen, und bestätigen, dass Sie Inhaber des Kontos sind und Lastschriften allein autorisieren dürfen.`,
  }),
  sepa_core: (c) => ({
    title: 'SEPA-Lastschriftmandat für SEPA-Basislastschriften (Core)',
    paragraphs: [
      join(
        `Zahlungsempfänger: ${c.contact}. Gläubiger-Identifikationsnummer: ${c.id}.`,
        c.ref ? `Mandatsreferenz: ${c.ref}.` : 'Die Mandatsreferenz teilen wir Ihnen per E-Mail mit.',
        'Zahlungsart: wiederkehrende Zahlung.',
      ),
      `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Zahlungen von Ihrem Konto mittels Lastschrift einzuziehen. Zugleich weisen Sie Ihr Kreditinstitut an, die von ${c.name} auf Ihr Konto gezogenen Lastschriften einzulösen.`,
      'Hinweis: Sie können innerhalb von 8 Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit Ihrem Kreditinstitut vereinbarten Bedingungen. Ihre Rechte werden in einer Erklärung erläutert, die Sie von Ihrem Kreditinstitut erhalten können.',
    ],
    agreement: `Mit Ihrer Bestätigung erteilen Sie ${c.name} elektronisch dieses SEPA-Lastschriftmandat für wiederkehrende Zahlungen.`,
  }),
  ach: (c) => ({
    title: 'ACH-Lastschriftermächtigung',
    paragraphs: [
      join(
        byConsent(c.consent, {
          single: `Ich ermächtige ${c.name}, das von mir angegebene Bankkonto einmalig zu belasten, und zwar an dem mit ${c.name} vereinbarten Datum oder danach.`,
          recurring: `Ich ermächtige ${c.name}, das von mir angegebene Bankkonto wiederkehrend zu den Terminen und in der Höhe des vereinbarten Zahlungsplans zu belasten, bis ich diese Ermächtigung widerrufe.`,
          payer_initiated: `Ich ermächtige ${c.name}, das von mir angegebene Bankkonto jedes Mal in Höhe der jeweiligen Zahlung zu belasten, wenn ich selbst eine Zahlung an ${c.name} auslöse (zum Beispiel durch eine Bestellung oder die Bestätigung eines Kaufs), bis ich diese Ermächtigung widerrufe.`,
        }),
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz der Ermächtigung: ${c.ref}.`,
      ),
      `Zahlungsempfänger (Originator): ${c.contact}. ACH-Unternehmenskennung (Company ID): ${c.id}.`,
      c.consent === 'recurring' &&
        'Weicht der Betrag einer Lastschrift vom vereinbarten Betrag ab, werden Ihnen Betrag und Datum mindestens 10 Tage vor der Belastung mitgeteilt.',
      `Sie können diese Ermächtigung jederzeit widerrufen, indem Sie sich an ${c.name}${inParens(c.email)} wenden. Um die nächste Belastung zu verhindern, informieren Sie ${c.name} bitte mindestens 3 Bankarbeitstage vor dem geplanten Termin.`,
      'Wurde eine Lastschrift nicht von Ihnen autorisiert, wenden Sie sich umgehend an Ihre Bank: Sie haben das Recht, sie zu beanstanden. Bitte drucken oder speichern Sie eine Kopie dieser Ermächtigung für Ihre Unterlagen.',
    ],
    agreement: byConsent(c.consent, {
      single: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto wie oben beschrieben einmalig zu belasten.`,
      recurring: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto nach dem vereinbarten Zahlungsplan zu belasten, bis Sie die Ermächtigung widerrufen.`,
      payer_initiated: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto bei jeder von Ihnen ausgelösten Zahlung zu belasten, bis Sie die Ermächtigung widerrufen.`,
    }),
  }),
  pad: (c) => ({
    title: c.business
      ? 'Geschäftliche Vereinbarung über vorab autorisierte Lastschriften (Business PAD)'
      : 'Private Vereinbarung über vorab autorisierte Lastschriften (Personal PAD)',
    paragraphs: [
      join(
        `Sie als Zahler ermächtigen ${c.name} (den Zahlungsempfänger) und das Finanzinstitut, bei dem das von Ihnen angegebene Konto geführt wird, dieses Konto gemäß dieser Vereinbarung zu belasten.`,
        c.business
          ? 'Es handelt sich um eine geschäftliche PAD (Business PAD): Die Lastschriften dienen geschäftlichen Zwecken.'
          : 'Es handelt sich um eine private PAD (Personal PAD): Die Lastschriften dienen persönlichen, familiären oder häuslichen Zwecken.',
      ),
      join(
        byConsent(c.consent, {
          single: `Diese Vereinbarung umfasst eine einmalige Lastschrift zu dem mit ${c.name} vereinbarten Datum.`,
          recurring:
            'Die Lastschriften erfolgen in regelmäßigen Abständen zu den Terminen und in der (festen oder variablen) Höhe des vereinbarten Zahlungsplans.',
          payer_initiated:
            'Die Lastschriften erfolgen in unregelmäßigen Abständen (sporadische PADs), jeweils erst nachdem Sie sie autorisiert haben.',
        }),
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz der Vereinbarung: ${c.ref}.`,
      ),
      'Betrag und Datum der ersten Lastschrift sowie jeder Lastschrift mit wechselndem Betrag werden Ihnen mindestens 10 Kalendertage vorher schriftlich mitgeteilt, jede Änderung dieser Vereinbarung, auch des Betrags oder der Termine, mindestens 10 Tage vorher. Vor der ersten Lastschrift erhalten Sie eine schriftliche Bestätigung dieser Vereinbarung.',
      `Sie können diese Vereinbarung jederzeit mit einer Frist von 30 Tagen gegenüber ${c.name}${inParens(c.email)} kündigen. Ein Muster-Kündigungsformular und weitere Informationen zu Ihrem Recht, eine PAD-Vereinbarung zu kündigen, erhalten Sie bei Ihrem Finanzinstitut oder unter www.payments.ca.`,
      'Ihnen stehen bestimmte Rückgriffsrechte zu, wenn eine Lastschrift nicht dieser Vereinbarung entspricht. Sie haben zum Beispiel Anspruch auf Erstattung jeder Lastschrift, die nicht autorisiert ist oder nicht mit dieser PAD-Vereinbarung übereinstimmt. Weitere Informationen zu Ihren Rückgriffsrechten erhalten Sie bei Ihrem Finanzinstitut oder unter www.payments.ca.',
      `Bei Fragen zu dieser Vereinbarung oder zu einer Lastschrift wenden Sie sich an ${c.contact}. Kennung des Zahlungsempfängers: ${c.id}.`,
    ],
    agreement: `Mit Ihrer Bestätigung ermächtigen Sie ${c.name}, Ihr Konto gemäß dieser ${c.business ? 'geschäftlichen' : 'privaten'} PAD-Vereinbarung zu belasten.`,
  }),
  becs: (c) => ({
    title: 'Lastschriftauftrag und Servicevereinbarung (Direct Debit Request)',
    paragraphs: [
      join(
        `Sie beauftragen und ermächtigen ${c.name} (Direct Entry User ID ${c.id}), über das eigene Finanzinstitut Beträge von dem von Ihnen angegebenen Konto über das Bulk Electronic Clearing System (BECS) abbuchen zu lassen, gemäß diesem Lastschriftauftrag und dieser Servicevereinbarung.`,
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz: ${c.ref}.`,
      ),
      `Die Abbuchungen erfolgen zu den Terminen und in der Höhe, die mit ${c.name} vereinbart sind. Fällt eine Abbuchung auf einen Tag, der kein Bankarbeitstag ist, erfolgt sie am nächsten Bankarbeitstag; wenn Sie unsicher sind, wann eine Abbuchung bearbeitet wird, fragen Sie Ihr Finanzinstitut.`,
      `${c.name} informiert Sie mindestens 14 Tage im Voraus schriftlich über jede Änderung der Bedingungen dieser Vereinbarung, auch über Änderungen von Betrag oder Häufigkeit der Abbuchungen.`,
      `Sie können eine Abbuchung ändern, verschieben oder stoppen oder diese Vereinbarung beenden, indem Sie sich an ${c.name}${inParens(c.email)} oder an Ihr Finanzinstitut wenden.`,
      'Sie sind dafür verantwortlich, dass zu jedem Fälligkeitstermin ausreichend verfügbares Guthaben auf dem Konto ist. Wird eine Abbuchung zurückgegeben, kann Ihr Finanzinstitut Ihnen eine Gebühr berechnen. Lastschriften sind nicht bei allen Konten möglich: Prüfen Sie Ihre Kontodaten anhand eines aktuellen Kontoauszugs und fragen Sie im Zweifel Ihr Finanzinstitut.',
      `Wenn Sie glauben, dass eine Abbuchung irrtümlich erfolgt ist, wenden Sie sich so bald wie möglich an ${c.name} oder Ihr Finanzinstitut. Erweist sich die Abbuchung als falsch, wird der Betrag Ihrem Konto erstattet; andernfalls wird Ihnen der Grund mitgeteilt.`,
      `${c.name} behandelt Ihre Kontodaten und persönlichen Daten vertraulich und verwendet sie nur zur Bearbeitung der Abbuchungen, zur Prüfung einer Reklamation oder Streitigkeit oder soweit gesetzlich vorgeschrieben.`,
    ],
    agreement: `Mit Ihrer Bestätigung nehmen Sie diesen Lastschriftauftrag und diese Servicevereinbarung an und ermächtigen ${c.name}, Ihr Konto über BECS zu belasten.`,
  }),
  becs_nz: (c) => ({
    title: 'Lastschriftermächtigung (Direct Debit Authority)',
    paragraphs: [
      join(
        `Sie ermächtigen Ihre Bank bis auf schriftlichen Widerruf, Ihr Konto mit allen Beträgen zu belasten, die ${c.name} (der Initiator, Autorisierungscode ${c.id}) per Lastschrift einzieht, nach Maßgabe der Geschäftsbedingungen Ihrer Bank.`,
        c.amount && `Betrag: ${c.amount}.`,
        c.ref && `Referenz auf Ihrem Kontoauszug: ${c.ref}.`,
      ),
      'Besondere Bedingungen zu Vorabinformationen und Reklamationen:',
      `${c.name} teilt Ihnen Betrag und Datum der Lastschriften mindestens 10 Kalendertage vor der ersten Lastschrift einer regelmäßigen Reihe oder vor jeder einzelnen Lastschrift mit. Änderungen von Betrag, Häufigkeit oder Terminen werden Ihnen mindestens 30 Tage im Voraus mitgeteilt (10 Tage, wenn die Bank von ${c.name} zustimmt). Eine Lastschrift, die innerhalb von 5 Geschäftstagen nach einer Rückgabe erneut eingereicht wird, erfordert keine neue Mitteilung; eine auf Ihren Wunsch eingezogene Lastschrift kann am selben Tag angekündigt werden.`,
      `Haben Sie keine Vorabinformation erhalten oder entspricht eine Lastschrift nicht der Mitteilung, können Sie Ihre Bank innerhalb von 120 Tagen nach der Belastung bitten, sie zurückzubuchen. Haben Sie eine Lastschrift nicht autorisiert, können Sie die Rückbuchung innerhalb von 9 Monaten nach der ersten Lastschrift verlangen. Bei Fragen oder Reklamationen wenden Sie sich an ${c.contact}.`,
      `Sie können diese Ermächtigung jederzeit durch schriftliche Mitteilung an Ihre Bank widerrufen; bitte informieren Sie auch ${c.name}. Auch Ihre Bank kann die Ermächtigung durch schriftliche Mitteilung beenden.`,
    ],
    agreement: `Mit Ihrer Bestätigung erteilen Sie Ihrer Bank diese Lastschriftermächtigung für Lastschriften von ${c.name}.`,
  }),
  autogiro: (c) => ({
    title: 'Einwilligung in Zahlungen per Autogiro (Medgivande till betalning via Autogiro)',
    paragraphs: [
      join(
        `Zahlungsempfänger: ${c.contact}. Bankgiro-Nummer: ${c.id}.`,
        c.ref ? `Zahlernummer: ${c.ref}.` : 'Ihre Zahlernummer erhalten Sie per E-Mail.',
      ),
      `Ich willige ein, dass Zahlungen auf Verlangen von ${c.name} durch Abbuchungen vom angegebenen Konto, oder von einem später von mir angegebenen Konto, per Autogiro an ${c.name} geleistet werden. Meine Bank ist nicht verpflichtet, die Berechtigung der angeforderten Abbuchungen zu prüfen oder mich vorab darüber zu informieren. Die Abbuchungen werden nach den Regeln meiner Bank belastet, und meine Bank informiert mich darüber. Auf Wunsch kann diese Einwilligung auf ein anderes Konto bei meiner Bank oder auf ein Konto bei einer anderen Bank übertragen werden.`,
      `${c.name} teilt Ihnen Betrag, Fälligkeitstag und Zahlungsart spätestens 8 Bankarbeitstage vor dem Fälligkeitstag mit, sofern Sie die Abbuchung nicht bereits bei einem Kauf oder einer Bestellung genehmigt haben. Am Fälligkeitstag muss das Konto ausreichend gedeckt sein.`,
      `Sie können eine einzelne Abbuchung stoppen, indem Sie sich spätestens 2 Bankarbeitstage vor dem Fälligkeitstag an ${c.name} oder spätestens am Bankarbeitstag davor an Ihre Bank wenden. Diese Einwilligung gilt bis auf Weiteres. Sie können sie jederzeit widerrufen, indem Sie sich spätestens 5 Bankarbeitstage vor dem Fälligkeitstag an ${c.name} oder spätestens am Bankarbeitstag vor dem Fälligkeitstag an Ihre Bank wenden.`,
      `${c.name} kann Ihre Teilnahme an Autogiro 30 Tage nach einer entsprechenden Mitteilung an Sie beenden; Ihre Bank kann dies 30 Tage nach einer Mitteilung an Sie und an ${c.name}.`,
      `Personenbezogene Daten, die Sie in dieser Einwilligung angeben oder die im Zusammenhang damit erfasst werden, werden von Ihrer Bank, ${c.name}, der Bank des Zahlungsempfängers und der Bankgirocentralen BGC AB (Bankgirot) zur Verwaltung des Dienstes verarbeitet, unter anderem zur Registrierung der Einwilligung und zur Ausführung der Zahlungen.`,
    ],
    agreement: `Mit Ihrer Bestätigung willigen Sie ein, dass ${c.name} Zahlungen per Autogiro von Ihrem Konto einzieht.`,
  }),
  betalingsservice: (c) => ({
    title: 'Zahlungsvereinbarung über Betalingsservice',
    paragraphs: [
      join(
        `Sie melden Ihre Zahlungen an ${c.name} bei Betalingsservice an. Zahlungsempfänger: ${c.contact}. PBS-Nummer: ${c.id}.`,
        c.ref ? `Kundennummer: ${c.ref}.` : 'Ihre Kundennummer erhalten Sie per E-Mail.',
      ),
      'Ihre Zahlungen erscheinen auf Ihrer monatlichen Zahlungsübersicht (betalingsoversigt), die Sie erhalten, bevor die Beträge von Ihrem Konto abgebucht werden, sodass Sie sie vorab prüfen können.',
      'Sind Sie mit einer Zahlung nicht einverstanden, können Sie sie in den ersten 7 Bankarbeitstagen des Monats, in dem sie abgebucht wird, selbst über Ihr Online-Banking oder Ihre Bank zurückbuchen lassen. Danach können Sie bis zu 13 Monate nach dem Abbuchungsdatum über Ihre Bank Einspruch erheben. Sie können die Vereinbarung jederzeit in Ihrem Online-Banking oder über Ihre Bank beenden.',
      `Datenschutz: Zur Einrichtung und Ausführung der Zahlungen werden Ihr Name, Ihre CPR- oder CVR-Nummer, Ihre Kontodaten und Zahlungsinformationen von ${c.name} als Zahlungsempfänger, von Mastercard Payment Services Denmark A/S (vormals Nets) als Betreiber von Betalingsservice und von Ihrer Bank verarbeitet. Jeder von ihnen ist eigenständig Verantwortlicher; Sie können sich an sie wenden, um Auskunft über die Verarbeitung Ihrer Daten und über Ihre Rechte zu erhalten.`,
    ],
    agreement: `Mit Ihrer Bestätigung stimmen Sie zu, dass Zahlungen an ${c.name} über Betalingsservice von Ihrem Konto abgebucht werden.`,
  }),
};
