module operator-ts.dev/e2e/grafana/schema-validator

go 1.24.4

require github.com/grafana/grafana-foundation-sdk/go v0.0.22
