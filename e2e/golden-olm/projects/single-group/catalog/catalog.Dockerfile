# The builder image is expected to contain /bin/opm (with the serve subcommand).
FROM quay.io/operator-framework/opm:v1.59.0 AS builder

# Copy the FBC root into the image at /configs and pre-populate the serve cache.
ADD catalog /configs
RUN ["/bin/opm", "serve", "/configs", "--cache-dir=/tmp/cache", "--cache-only"]

# The base image is expected to contain /bin/opm (with the serve subcommand) and /bin/grpc_health_probe.
FROM quay.io/operator-framework/opm:v1.59.0

ENTRYPOINT ["/bin/opm"]
CMD ["serve", "/configs", "--cache-dir=/tmp/cache"]

COPY --from=builder /configs /configs
COPY --from=builder /tmp/cache /tmp/cache

# Location of the FBC root directory in the image.
LABEL operators.operatorframework.io.index.configs.v1=/configs
