vcl 4.1;
# Varnish in front of several Cordée instances (docs/decisions/0152-varnish-in-front.md).
# The contract is the app's (lib/server/http-cache-policy.ts): a page is kept only when its answer
# carries CDN-Cache-Control (max-age, stale-while-revalidate) for the key this file computes, path +
# normalized currency, sent to the app as x-cordee-currency; its Cache-Tag becomes xkey, and the app
# purges by tag (lib/server/shared-cache-purge.ts) with PURGE + xkey-purge. Anything with a session
# cookie, and anything but GET/HEAD, goes straight to an instance.
# The backends (one per instance, and the director 'cordee') come from cordee-backends.vcl, which
# scripts/start-cluster.ts writes (deploy/varnish/cordee-backends.example.vcl shows its shape).

import std;
import xkey;
import directors;

include "cordee-backends.vcl";

# Who may purge: the app instances. No client may.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = cordee.backend();
    # Only this file names the key: a client's own copy of the header is dropped.
    unset req.http.x-cordee-currency;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge missing"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A signed-in visitor: never from nor into the cache.
    if (req.http.Cookie ~ "(^|;)\s*cordee_session=") {
        return (pass);
    }
    # Client navigations and Server Actions depend on headers no key holds.
    if (req.http.rsc || req.http.next-action || req.http.next-router-prefetch || req.http.next-router-state-tree || req.url ~ "[?&]_rsc=") {
        return (pass);
    }
    if (req.url ~ "^/(api|monitoring)(/|\?|$)") {
        return (pass);
    }
    # The currency cookie sent twice: parsers disagree on which value wins, so it is no choice to share.
    if (req.http.Cookie ~ "(^|;)\s*currency=[^;]*;(.*;)?\s*currency=") {
        return (pass);
    }

    # The key's currency: the cookie's choice (the closed list of ISO 4217 codes, as Node's Intl knows
    # them; tests/lib/server/varnish-vcl.test.ts keeps it in step), else USD: behind this file the app
    # sees Varnish's address, so a visitor without a choice gets USD (lib/money/visitor-currency.ts).
    if (req.http.Cookie ~ "(^|;)\s*currency=") {
        set req.http.x-cordee-currency = std.toupper(regsub(req.http.Cookie, {"^(.*;)?\s*currency=\s*"?\s*([^;"]*?)\s*"?\s*(;.*)?$"}, "\2"));
    }
    if (req.http.x-cordee-currency !~ "^(AED|AFN|ALL|AMD|ANG|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BGN|BHD|BIF|BMD|BND|BOB|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHF|CLP|CNY|COP|CRC|CUC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HRK|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SLL|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|UYU|UZS|VES|VND|VUV|WST|XAF|XCD|XCG|XDR|XOF|XPF|XSU|YER|ZAR|ZMW|ZWG|ZWL)$") {
        set req.http.x-cordee-currency = "USD";
        # A cookie that names no valid currency must not reach the app as a choice either.
        set req.http.Cookie = regsuball(req.http.Cookie, "(^|;)\s*currency=[^;]*", "");
    }
    # Only the currency and the session decide a shared page (the app's contract): analytics and
    # other cookies go to the app as they came, but never into the key.
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    }
    # A trip photo is the same in every currency: one copy (its xkey is the photo's, purged on unpublish).
    if (req.url !~ "^/media/photos/") {
        hash_data(req.http.x-cordee-currency);
    }
    return (lookup);
}

sub vcl_backend_response {
    # Kept only when the app says so for this key (CDN-Cache-Control), never with a cookie being set.
    if (bereq.uncacheable || !beresp.http.CDN-Cache-Control || beresp.http.Set-Cookie || beresp.status != 200) {
        set beresp.uncacheable = true;
        set beresp.ttl = 1s;
        return (deliver);
    }
    set beresp.ttl = std.duration(regsub(beresp.http.CDN-Cache-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
    set beresp.grace = std.duration(regsub(beresp.http.CDN-Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    set beresp.keep = 0s;
    # Stored compressed (http_gzip_support): a browser gets the gzip copy, anything else a gunzipped
    # one. An instance that answered uncompressed is gzipped once here rather than on every delivery.
    if (!beresp.http.Content-Encoding && beresp.http.Content-Type ~ "^(text/|application/(json|javascript|xml)|image/svg)") {
        set beresp.do_gzip = true;
    }
    # Tags for xkey.purge: the app's Cache-Tag, comma-separated, as xkey's space-separated list.
    set beresp.http.xkey = regsuball(beresp.http.Cache-Tag, ",", " ");
    return (deliver);
}

sub vcl_deliver {
    # The browser gets the app's private Cache-Control; what was meant for this cache stays here.
    unset resp.http.xkey;
    unset resp.http.CDN-Cache-Control;
    unset resp.http.Surrogate-Control;
    unset resp.http.Cache-Tag;
    if (obj.uncacheable) {
        set resp.http.x-varnish-cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.x-varnish-cache = "HIT";
    } else {
        set resp.http.x-varnish-cache = "MISS";
    }
}

sub vcl_synth {
    set resp.http.Cache-Control = "no-store";
}
