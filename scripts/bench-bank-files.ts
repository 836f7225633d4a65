// A submission day of 100,000 collections written as each format, streamed to /dev/null-like sinks:
// time, CPU and RSS growth per format. Not a test; numbers go in docs/live-banking.md.
import { writeStandard18 } from '../server/domain/bank-files/bacs/standard18';
import { writeCpa005 } from '../server/domain/bank-files/cpa005/writer';
import { writeNacha } from '../server/domain/bank-files/nacha/writer';
import { writePain008 } from '../server/domain/bank-files/sepa/pain008';

const N = Number(process.env.BENCH_ITEMS ?? 100_000);

async function measure(name: string, chunks: AsyncGenerator<string, unknown>) {
  globalThis.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let i = 0;
  for await (const chunk of chunks) {
    bytes += Buffer.byteLength(chunk);
    if (++i % 5000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, process.memoryUsage().rss);
  const perItemUs = ((cpu.user + cpu.system) / N).toFixed(1);
  console.log(
    `${name.padEnd(16)} ${N} items  ${(bytes / 1e6).toFixed(1)} MB  ${ms.toFixed(0)} ms  ${Math.round(N / (ms / 1000))}/s  CPU ${perItemUs} µs/item  RSS +${((peak - rss0) / 1e6).toFixed(1)} MB`,
  );
}

async function* items<T>(make: (i: number) => T) {
  for (let i = 0; i < N; i++) yield make(i);
}

const sum = (N * (N - 1)) / 2 + N * 1000;

await measure(
  'bacs standard18',
  writeStandard18(
    {
      serviceUser: { sun: '123456', name: 'Acme Widgets Ltd', sortCode: '200000', accountNumber: '55779911' },
      serialNumber: '000001',
      fileNumber: 1,
      createdOn: '2026-12-02',
      processingDate: '2026-12-04',
    },
    items((i) => ({
      transactionCode: '17' as const,
      sortCode: '089999',
      accountNumber: '66374958',
      accountName: 'Zoe Smith',
      reference: `BANKFLOW-${String(i).padStart(8, '0')}`,
      amount: 1000 + i,
    })),
  ),
);
await measure(
  'sepa pain.008.08',
  writePain008(
    {
      version: 'pain.008.001.08',
      messageId: 'BENCH-1',
      createdAt: '2026-12-02T10:00:00',
      initiatingParty: 'Acme',
      numberOfTransactions: N,
      controlSum: sum,
    },
    [
      {
        paymentInformationId: 'BENCH-1-RCUR',
        localInstrument: 'CORE',
        sequenceType: 'RCUR',
        collectionDate: '2026-12-04',
        creditor: { name: 'Acme GmbH', iban: 'DE89370400440532013000' },
        creditorId: 'DE98ZZZ09999999999',
        numberOfTransactions: N,
        controlSum: sum,
        transactions: items((i) => ({
          endToEndId: `PM${i}`,
          amount: 1000 + i,
          mandateId: `MD${i}`,
          mandateSignedOn: '2026-01-01',
          debtor: { name: 'Jürgen Müller', iban: 'FR1420041010050500013M02606' },
          remittance: `Invoice ${i}`,
        })),
      },
    ],
  ),
);
await measure(
  'nacha ppd',
  writeNacha(
    {
      immediateDestination: '026073150',
      destinationName: 'Bank',
      immediateOrigin: '1234567890',
      originName: 'Acme',
      createdOn: '2026-12-02',
      createdAtTime: '1530',
      fileIdModifier: 'A',
    },
    [
      {
        serviceClassCode: '225',
        companyName: 'Acme',
        companyIdentification: '1234567890',
        secCode: 'PPD',
        entryDescription: 'PAYMENT',
        effectiveDate: '2026-12-04',
        odfiRouting: '026073150',
        entries: items((i) => ({
          transactionCode: '27' as const,
          routingNumber: '026073150',
          accountNumber: `${100000 + i}`,
          amount: 1000 + i,
          individualId: `MD${i}`,
          name: 'Jose Nunez',
        })),
      },
    ],
  ),
);
await measure(
  'cpa-005 pad',
  writeCpa005(
    {
      originatorId: 'ACME000042',
      fileCreationNumber: 1,
      createdOn: '2026-12-02',
      dataCentre: '00310',
      shortName: 'Acme',
      longName: 'Acme Widgets Canada Inc',
      transactionCode: '430',
      returnAccount: { institution: '004', transit: '12345', accountNumber: '98765432' },
    },
    items((i) => ({
      kind: 'debit' as const,
      amount: 1000 + i,
      dueDate: '2026-12-04',
      institution: '003',
      transit: '00006',
      accountNumber: `${1_000_000 + i}`,
      payorName: 'Zoë Bélanger',
      reference: `PM${i}`,
    })),
  ),
);
