module example.invalid/flect-oracle

go 1.26.0

// The version controller-tools v0.23.0 (controller-gen) and kubebuilder pin.
require github.com/gobuffalo/flect v1.0.3
