// A tiny SMTP server for tests (API and end to end): it speaks enough SMTP for nodemailer
// (EHLO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) on 127.0.0.1, keeps what it
// receives, and can refuse a sign-in, so a test sees a real server's answers without a network.
import { createServer, type Server, type Socket } from 'node:net';

export interface SinkMessage {
  from: string;
  to: string[];
  data: string;
  auth: { user: string; pass: string } | null;
}

export interface SmtpSink {
  port: number;
  messages: SinkMessage[];
  close(): Promise<void>;
}

export async function startSmtpSink(opts: { password?: string } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  let queued = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let auth: SinkMessage['auth'] = null;
    let pendingLogin: { step: 'user' | 'pass'; user?: string } | null = null;
    let current: { from: string; to: string[] } = { from: '', to: [] };
    const say = (line: string) => socket.write(`${line}\r\n`);
    const signIn = (user: string, pass: string) => {
      if (opts.password !== undefined && pass !== opts.password)
        return say('535 5.7.8 Authentication credentials invalid');
      auth = { user, pass };
      say('235 2.7.0 Authentication successful');
    };
    const command = (line: string) => {
      if (pendingLogin) {
        const v = Buffer.from(line, 'base64').toString('utf8');
        if (pendingLogin.step === 'user') {
          pendingLogin = { step: 'pass', user: v };
          return say('334 UGFzc3dvcmQ6');
        }
        const user = pendingLogin.user ?? '';
        pendingLogin = null;
        return signIn(user, v);
      }
      const [verb, ...rest] = line.split(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          return socket.write('250-sink.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
        case 'HELO':
          return say('250 sink.test');
        case 'AUTH': {
          const method = (rest[0] ?? '').toUpperCase();
          if (method === 'PLAIN' && rest[1]) {
            const [, user, pass] = Buffer.from(rest[1], 'base64').toString('utf8').split('\u0000');
            return signIn(user ?? '', pass ?? '');
          }
          if (method === 'LOGIN') {
            pendingLogin = { step: 'user' };
            return say('334 VXNlcm5hbWU6');
          }
          return say('504 5.5.4 Unrecognized authentication type');
        }
        case 'MAIL':
          current = { from: line.replace(/^MAIL FROM:\s*/i, ''), to: [] };
          return say('250 2.1.0 Ok');
        case 'RCPT':
          current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          return say('250 2.1.5 Ok');
        case 'DATA':
          inData = true;
          return say('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          current = { from: '', to: [] };
          return say('250 2.0.0 Ok');
        case 'NOOP':
          return say('250 2.0.0 Ok');
        case 'QUIT':
          say('221 2.0.0 Bye');
          return socket.end();
        default:
          return say('502 5.5.2 Command not recognized');
      }
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push({ ...current, data: buffer.slice(0, end), auth });
          buffer = buffer.slice(end + 5);
          inData = false;
          say(`250 2.0.0 Ok: queued as SINK${++queued}`);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        command(line);
      }
    });
    say('220 sink.test ESMTP test sink');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
