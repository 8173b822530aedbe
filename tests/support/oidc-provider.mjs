// A real OpenID Connect provider (the `oidc-provider` package) for social sign-in tests. Run as
// `node oidc-provider.mjs <port> <redirect_uri>`; POST /test/next-account chooses who signs in.
import http from 'node:http';
import Provider from 'oidc-provider';

const [port, redirectUri] = [Number(process.argv[2]), process.argv[3]];
const accounts = new Map();
let nextAccount = null;

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: 'medbook-test',
      client_secret: 'medbook-test-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  pkce: { required: () => true },
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name'],
  },
  scopes: ['openid', 'email', 'profile'],
  cookies: { keys: ['medbook-test-cookie-key'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...accounts.get(id) }) }),
});

const callback = provider.callback();
const server = http.createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/test/next-account') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const account = JSON.parse(body);
      accounts.set(account.sub, account);
      nextAccount = account.sub;
      res.writeHead(204).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      // Signs in whoever the test chose, and grants what the client asked for.
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({
        accountId: nextAccount,
        clientId: details.params.client_id,
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
