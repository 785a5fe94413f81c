// The sign-on page (the "external sign-on page" of product.md#the-calls, product.md#errors): the OpenID provider's
// button, the password form, or both, as configured; and the plain page that says why a sign-on was refused. No script.

export interface DemoUserRow {
  usr_id: string;
  usr_nm: string;
  usr_tp_cd: string;
  usr_role_cd: string;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const ROLE_LABEL: Record<string, string> = {
  '3': 'Port agent',
  '4': 'Vessel',
  '5': 'Operator (vessel search only)',
  '6': 'Viewer (vessel search only)',
};

const head = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b3d5c">
<title>${esc(title)} · Quay</title>
<link rel="stylesheet" href="/sso/sso.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head><body>
<main>
<h1>Quay</h1>`;

/** The provider's button: a link, so that it works without script and the browser follows it like any other. */
const providerLink = (name: string, next: string) =>
  `<a class="provider" href="/sso/oidc/start?next=${encodeURIComponent(next)}">Sign on with ${esc(name)}</a>`;

export function signOnPage(opts: {
  /** The demo users to list (the demo world only; none: no list). */
  users: DemoUserRow[];
  next: string;
  usrId?: string;
  error?: string;
  /** Why the user was sent here (a lost session), in the page's own words. */
  notice?: string | null;
  /** The OpenID provider's name when one is configured. */
  provider?: string | null;
  /** Whether local passwords sign on (PASSWORD_SIGN_ON); the form is left out when they do not. */
  passwords?: boolean;
}): string {
  const passwords = opts.passwords ?? true;
  const rows = opts.users
    .map(
      (u) =>
        `<tr><td><code>${esc(u.usr_id)}</code></td><td>${esc(u.usr_nm)}</td><td>${esc(ROLE_LABEL[u.usr_tp_cd] ?? 'Operator')}</td></tr>`,
    )
    .join('');
  const form = `<form method="post" action="/sso/login">
<input type="hidden" name="next" value="${esc(opts.next)}">
<label for="usrId">User ID</label>
<input id="usrId" name="usrId" autocomplete="username" autocapitalize="none" required value="${esc(opts.usrId ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign on</button>
</form>`;
  const demo = `<section aria-labelledby="demo">
<h2 id="demo">Demo users</h2>
<p>Every demo user has the password <code>demo</code>.</p>
<table><thead><tr><th>User ID</th><th>Name</th><th>Role</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
  return `${head('Sign on')}
<p class="lead">Sign on to follow your vessels, services and ports.</p>
${opts.notice ? `<p class="notice" role="status">${esc(opts.notice)}</p>` : ''}
${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
${opts.provider ? providerLink(opts.provider, opts.next) : ''}
${opts.provider && passwords ? '<p class="or">or with a Quay password</p>' : ''}
${passwords ? form : ''}
${passwords && rows ? demo : ''}
</main>
</body></html>`;
}

/**
 * A sign-on that did not happen, in plain words: what happened, what to do, and the way back to the sign-on page.
 * Never a stack, never the provider's own error text (it is in the server's log).
 */
export function refusalPage(opts: { title: string; why: string; todo: string; next: string }): string {
  return `${head(opts.title)}
<section class="refusal" aria-labelledby="refused">
<h2 id="refused">${esc(opts.title)}</h2>
<p role="alert">${esc(opts.why)}</p>
<p>${esc(opts.todo)}</p>
<a class="provider" href="/sso/login?next=${encodeURIComponent(opts.next)}">Back to sign-on</a>
</section>
</main>
</body></html>`;
}

export const SSO_CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3f7;color:#10212e}
main{max-width:420px;margin:0 auto;padding:24px 16px 40px}
h1{margin:8px 0 0;font-size:28px;color:#0b3d5c;letter-spacing:.5px}.lead{margin:4px 0 20px;color:#3d5566}
form{background:#fff;border-radius:12px;padding:20px 16px;box-shadow:0 1px 3px rgba(16,33,46,.12);display:grid;gap:8px}
label{font-weight:600;font-size:14px}input{font:inherit;padding:12px;border:1px solid #9fb3c2;border-radius:8px;width:100%}
input:focus{outline:3px solid #3b8fd1;outline-offset:1px}
button{margin-top:12px;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:#0b3d5c;color:#fff;min-height:48px}
.notice{background:#e8f0fd;color:#0b3d5c;border-left:4px solid #0b3d5c;padding:10px 12px;border-radius:6px}
.error{background:#fde8e8;color:#8a1111;border-left:4px solid #c62828;padding:10px 12px;border-radius:6px}
section{margin-top:24px}h2{font-size:18px;margin:0 0 4px}table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden;font-size:14px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e1e8ee}code{font-size:14px}
.provider{display:flex;align-items:center;justify-content:center;min-height:48px;padding:12px;border-radius:8px;background:#0b3d5c;color:#fff;font-weight:600;text-decoration:none}
.provider:focus{outline:3px solid #3b8fd1;outline-offset:2px}
.or{text-align:center;color:#3d5566;margin:16px 0 8px;font-size:14px}
.refusal{background:#fff;border-radius:12px;padding:20px 16px;box-shadow:0 1px 3px rgba(16,33,46,.12);margin-top:20px}
.refusal p[role=alert]{font-weight:600;color:#8a1111}
`;
