/**
 * Registration with messages against registration without (issue 27, decision 089): two built servers at
 * once, one with no channel and one with e-mail (Resend), WhatsApp and SMS configured against local servers
 * of their protocols, its outbox committed with each registration and its sender sending while the crowd
 * registers. The register load (bench/public-register.ts) is switched between them in short slices (A B B A
 * A B …), so whatever else the machine runs falls on both alike, and each server's CPU time is read from
 * /proc over its own slices: the budget is held against CPU per registration, which a loaded machine moves
 * far less than it moves rates. The messaging server's figure includes everything its process did in its
 * slices: queuing, the sender's claims, reads, renders and provider calls, the commits of their results.
 *
 * The spending guard's caps are opened for the bench (its one client address would otherwise stop paid
 * messages at the per-network cap after 300, and the sender would only mark the rest as waiting).
 */
import { DEFAULT_MESSAGE_GUARD } from '../edge/notifications/message-guard';
import { phoneProviderEnv, RESEND_TEST, startPhoneProviders } from '../edge/testing/message-providers';
import { type RunningServer, startBuiltServer } from '../scripts/built-server';
import { apiLogin } from '../tests/e2e/panel-helpers';
import { benchPublicRegister } from './public-register';
import { type CpuSample, serverCpu } from './server-cpu';

export interface RegisterSide {
  /** Registrations answered in this server's slices, and their rate over those slices. */
  requests: number;
  rps: number;
  /** Server CPU per registration over its slices, µs (undefined without /proc). */
  cpuUs?: number;
  mainUs?: number;
  othersUs?: number;
  /** The highest p99 of its slices, ms. */
  p99: number;
  non2xx: number;
}

export interface RegisterMessagesResult {
  without: RegisterSide;
  with: RegisterSide;
  /** Messages the providers received during the messaging server's slices. */
  sentInSlices: number;
  /** After the load: messages sent in `drainSeconds` with no registrations, and the server's CPU per message, µs. */
  drained: number;
  drainSeconds: number;
  cpuPerMessageUs?: number;
  slices: number;
  sliceSeconds: number;
}

export async function benchRegisterWithMessages(options: { pairs?: number; sliceSeconds?: number } = {}): Promise<RegisterMessagesResult> {
  const pairs = options.pairs ?? 6;
  const sliceSeconds = options.sliceSeconds ?? 2;
  const providers = await startPhoneProviders();
  const servers: RunningServer[] = [];
  try {
    const plain = await startBuiltServer({ PUBLIC_RATE_LIMIT: '0' });
    servers.push(plain);
    const messaging = await startBuiltServer({
      PUBLIC_RATE_LIMIT: '0',
      ...phoneProviderEnv(providers.url),
      RESEND_API_KEY: RESEND_TEST.apiKey,
      RESEND_API_URL: providers.url,
      MAIL_FROM: 'Expo Passes <passes@expo.test>',
    });
    servers.push(messaging);
    const token = await apiLogin(messaging.url, messaging.adminEmail, messaging.adminPassword);
    const opened = await fetch(`${messaging.url}/api/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ messageGuard: { ...DEFAULT_MESSAGE_GUARD, paidPerHour: 100_000, paidPerDay: 1_000_000, paidPerNetworkPerHour: 100_000 } }),
    });
    if (!opened.ok) throw new Error(`the bench could not open the spending guard's caps: ${opened.status}`);

    // V8 compiles the endpoint's hot path during its first seconds under load: both warm up first.
    for (const server of servers) await benchPublicRegister(server.url, { duration: 3 });

    const sides = new Map(
      servers.map((server) => [server, { requests: 0, seconds: 0, p99: 0, non2xx: 0, cpu: { main: 0, others: 0 } as CpuSample | undefined }]),
    );
    let sentInSlices = 0;
    for (let slice = 0; slice < pairs * 2; slice++) {
      // A B B A A B …: neither server always follows the other.
      const server = (slice % 4 === 0 || slice % 4 === 3 ? plain : messaging) as RunningServer;
      const side = sides.get(server)!;
      const cpu = serverCpu(server.process.pid).start();
      const from = Date.now();
      const run = await benchPublicRegister(server.url, { duration: sliceSeconds });
      const used = cpu.used();
      const to = Date.now();
      side.requests += run.requests;
      side.seconds += sliceSeconds;
      side.p99 = Math.max(side.p99, run.p99);
      side.non2xx += run.non2xx + run.errors;
      side.cpu = side.cpu && used ? { main: side.cpu.main + used.main, others: side.cpu.others + used.others } : undefined;
      if (server === messaging) sentInSlices += providers.requests.filter((request) => request.at >= from && request.at <= to).length;
    }

    // The sender alone: the backlog the crowd left, sent at its pace with no registration beside it.
    const drainSeconds = 5;
    const drainCpu = serverCpu(messaging.process.pid).start();
    const drainFrom = providers.requests.length;
    await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    const drainUsed = drainCpu.used();
    const drained = providers.requests.length - drainFrom;

    const describe = (server: RunningServer): RegisterSide => {
      const side = sides.get(server)!;
      const per = (us: number) => Math.round(us / Math.max(1, side.requests));
      return {
        requests: side.requests,
        rps: side.requests / side.seconds,
        ...(side.cpu ? { cpuUs: per(side.cpu.main + side.cpu.others), mainUs: per(side.cpu.main), othersUs: per(side.cpu.others) } : {}),
        p99: side.p99,
        non2xx: side.non2xx,
      };
    };
    return {
      without: describe(plain),
      with: describe(messaging),
      sentInSlices,
      drained,
      drainSeconds,
      ...(drainUsed && drained ? { cpuPerMessageUs: Math.round((drainUsed.main + drainUsed.others) / drained) } : {}),
      slices: pairs * 2,
      sliceSeconds,
    };
  } finally {
    for (const server of servers) await server.stop();
    await providers.close();
  }
}

/** The bench row's words: CPU per registration without and with messages, the rates beside them. */
export function describeRegisterWithMessages(result: RegisterMessagesResult) {
  const { without, with: sending } = result;
  const cpuShare = without.cpuUs && sending.cpuUs ? without.cpuUs / sending.cpuUs : undefined;
  const rateShare = sending.rps / without.rps;
  const cpu = (side: RegisterSide) => (side.cpuUs === undefined ? 'no /proc' : `${side.cpuUs} µs (main ${side.mainUs}, others ${side.othersUs})`);
  const figure =
    `${cpuShare === undefined ? 'CPU not measured' : `${Math.round(cpuShare * 100)} %`} — server CPU per registration ${cpu(without)} without channels, ` +
    `${cpu(sending)} with them (${result.sentInSlices} messages sent in its slices); ` +
    `rates ${Math.round(without.rps)} / ${Math.round(sending.rps)} req/s = ${Math.round(rateShare * 100)} %, p99 ${without.p99} / ${sending.p99} ms; ` +
    `the sender alone: ${result.drained} messages in ${result.drainSeconds} s, ${result.cpuPerMessageUs ?? '?'} µs CPU each`;
  const met = cpuShare !== undefined && cpuShare >= 0.85 && without.non2xx === 0 && sending.non2xx === 0;
  return { figure, met, cpuShare, rateShare };
}

// Run alone: `npx tsx bench/register-messages.ts [pairs]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchRegisterWithMessages({ pairs: Number(process.argv[2] ?? 6) });
  const { figure, met } = describeRegisterWithMessages(result);
  console.log(`${met ? 'MET ' : 'MISS'}  POST /api/visitors/register with e-mail + WhatsApp + SMS, sender running: ${figure}  (target ≥ 85 %)`);
}
