import type { Context } from 'hono';

/**
 * The client's address behind reverse proxies. With `TRUST_PROXY=1` each proxy appends the address it
 * saw to `X-Forwarded-For`, so only the entries our own proxies wrote can be believed: the client is the
 * right-most entry that is not one of our trusted proxies (`TRUSTED_PROXIES`). Anything to its left was
 * written by the client and is ignored, so a made-up header cannot change which address a request is
 * counted on. A request that does not come from a trusted proxy is taken at its socket address.
 */
export type AddressMatcher = (address: string) => boolean;

/** Loopback: a proxy on the same machine (nginx, Caddy), the default when TRUST_PROXY is on. */
const LOOPBACK = ['127.0.0.0/8', '::1/128'];
/** Private networks: a proxy in the same Docker network or LAN. Only when configured. */
const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

/**
 * `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges, plus the words `loopback` and `private`.
 * Empty: loopback only. Throws on an entry it cannot read, so a typo does not silently trust nothing.
 */
export function trustedProxies(list: string | undefined): AddressMatcher {
  const entries = (list ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const ranges = (entries.length ? entries : ['loopback']).flatMap((entry) => (entry === 'loopback' ? LOOPBACK : entry === 'private' ? PRIVATE : [entry]));
  const parsed = ranges.map((range) => {
    const [base, bitsText] = range.split('/') as [string, string | undefined];
    const ip = parseIp(base);
    if (!ip) throw new Error(`TRUSTED_PROXIES: "${range}" is not an address or CIDR range`);
    const bits = bitsText === undefined ? ip.width : Number(bitsText);
    if (!Number.isInteger(bits) || bits < 0 || bits > ip.width) throw new Error(`TRUSTED_PROXIES: bad prefix in "${range}"`);
    return { ...ip, bits };
  });
  return (address) => {
    const ip = parseIp(address);
    if (!ip) return false;
    return parsed.some((range) => {
      if (range.width !== ip.width) return false;
      const shift = BigInt(range.width - range.bits);
      return range.bits === 0 || range.value >> shift === ip.value >> shift;
    });
  };
}

/** The client address of a request that reached us from `socketAddress` carrying `forwardedFor`. */
export function clientAddressFrom(socketAddress: string, forwardedFor: string | undefined, trusted: AddressMatcher): string {
  const socket = normalise(socketAddress);
  if (!forwardedFor || !trusted(socket)) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted(hops[i]!)) return hops[i]!.slice(0, 64);
  }
  // Every hop is one of our proxies: the request started inside.
  return hops[0] ?? socket;
}

/** IPv4-mapped IPv6 as IPv4, `[v6]:port` and `v4:port` without the port, lower case. */
function normalise(address: string): string {
  let a = address.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a.startsWith('::ffff:') && a.includes('.')) a = a.slice('::ffff:'.length);
  return a;
}

function parseIp(text: string): { value: bigint; width: 32 | 128 } | undefined {
  const address = normalise(text);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    if (parts.some((p) => p > 255)) return undefined;
    return { value: parts.reduce((acc, p) => (acc << 8n) | BigInt(p), 0n), width: 32 };
  }
  if (!address.includes(':') || !/^[0-9a-f:]+$/.test(address)) return undefined;
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return undefined;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return { value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n), width: 128 };
}

/**
 * `AppDeps.clientAddress` for a server that sees requests at `socketAddress`: with `trustProxy`, the
 * address from X-Forwarded-For as above; without, the socket's address and no header is read.
 */
export function clientAddressResolver(
  socketAddress: (c: Context) => string,
  options: { trustProxy: boolean; trustedProxies?: string },
): (c: Context) => string {
  if (!options.trustProxy) return (c) => normalise(socketAddress(c));
  const trusted = trustedProxies(options.trustedProxies);
  return (c) => clientAddressFrom(socketAddress(c), c.req.header('X-Forwarded-For'), trusted);
}
