# The shape of cordee-backends.vcl (scripts/start-cluster.ts writes one per run): one backend per
# app instance, checked on /api/health, and the round-robin director 'cordee' cordee.vcl uses.
probe cordee_health {
    .url = "/api/health";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

backend app1 { .host = "127.0.0.1"; .port = "3001"; .probe = cordee_health; }
backend app2 { .host = "127.0.0.1"; .port = "3002"; .probe = cordee_health; }

sub vcl_init {
    new cordee = directors.round_robin();
    cordee.add_backend(app1);
    cordee.add_backend(app2);
}
