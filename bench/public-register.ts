/**
 * The public register bench: `POST /api/visitors/register` with 50 connections for 10 s, every
 * request a new person (its own mobile number and submission id), so every request is a real insert
 * with its idempotency key. Run against a server started with PUBLIC_RATE_LIMIT=0. `bench/index.ts`
 * holds the figures against the budget (≥ 80 % of the insert ceiling, p99 ≤ 25 ms).
 */
import autocannon from 'autocannon';

export interface RegisterBenchResult {
  /** Average successful-or-not requests per second over the run. */
  rps: number;
  /** Requests answered over the run. */
  requests: number;
  /** 99th percentile latency, ms. */
  p99: number;
  p50: number;
  /** Answers that were not 201: any of them makes the figures meaningless. */
  non2xx: number;
  errors: number;
}

export async function benchPublicRegister(
  url: string,
  options: { connections?: number; duration?: number; timeout?: number } = {},
): Promise<RegisterBenchResult> {
  // Numbers start from a per-run random block so repeated runs against one database never collide.
  const runPrefix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let sequence = Math.floor(Math.random() * 1_000_000_000);
  let index = 0;
  const result = await autocannon({
    url: `${url.replace(/\/$/, '')}/api/visitors/register`,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    // Seconds before autocannon gives a request up (its default is 10).
    timeout: options.timeout ?? 10,
    requests: [
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        setupRequest: (request) => {
          sequence = (sequence + 1) % 1_000_000_000;
          index++;
          return {
            ...request,
            body: JSON.stringify({
              fullName: `Bench Visitor ${index}`,
              mobileNumber: `9${String(sequence).padStart(9, '0')}`,
              workingProfessional: 'Working Professional',
              organizationName: 'Bench Estates',
              city: 'Hyderabad',
              uniqueSubmissionId: `${runPrefix}-${index}`,
            }),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
