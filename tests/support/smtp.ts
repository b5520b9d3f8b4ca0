import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  /** Every message received, raw. */
  received: string[];
  /** While held, messages are read but not acknowledged, so the sender waits. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: string[] = [];
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        const accept = () => {
          received.push(raw);
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const accept of waiting) accept();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The text of a raw mail with its quoted-printable transfer encoding undone. */
export const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The reset token in a mail's link, and the link's origin. */
export function resetLinkOf(raw: string): { origin: string; token: string } {
  const match = /(https?:\/\/[^\s/]+)\/reset-password\?token=([\w%-]+)/.exec(decodeMail(raw));
  if (!match) throw new Error(`no reset link in the mail:\n${raw}`);
  return { origin: match[1], token: decodeURIComponent(match[2]) };
}
