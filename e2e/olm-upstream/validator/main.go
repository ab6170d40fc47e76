// Command olm-upstream-validator runs the upstream OLM validators on operator-ts output, as the test
// oracle of e2e/olm-upstream: operator-framework/api's bundle validators (what `operator-sdk bundle
// validate` runs, plus the optional operatorframework suite) and operator-registry's file-based catalog
// validation (what `opm validate` runs). It prints one JSON document and exits 0 when it could run.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	apimanifests "github.com/operator-framework/api/pkg/manifests"
	"github.com/operator-framework/api/pkg/validation"
	"github.com/operator-framework/api/pkg/validation/errors"
	interfaces "github.com/operator-framework/api/pkg/validation/interfaces"
	"github.com/operator-framework/operator-registry/pkg/lib/config"
)

// Finding is one upstream error or warning.
type Finding struct {
	Validator string `json:"validator"`
	Object    string `json:"object"`
	Level     string `json:"level"`
	Type      string `json:"type"`
	Field     string `json:"field,omitempty"`
	Detail    string `json:"detail"`
}

// Report is the JSON output.
type Report struct {
	Errors   []Finding `json:"errors"`
	Warnings []Finding `json:"warnings"`
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: olm-upstream-validator bundle [-suite] [-k8s-version X.Y] <bundle-dir> | catalog <fbc-dir>")
	os.Exit(2)
}

func collect(report *Report, validator string, results []errors.ManifestResult) {
	for _, r := range results {
		for _, e := range r.Errors {
			report.Errors = append(report.Errors, Finding{validator, r.Name, string(e.Level), string(e.Type), e.Field, e.Detail})
		}
		for _, w := range r.Warnings {
			report.Warnings = append(report.Warnings, Finding{validator, r.Name, string(w.Level), string(w.Type), w.Field, w.Detail})
		}
	}
}

func validateBundle(args []string) Report {
	suite := false
	k8sVersion := ""
	var dir string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-suite":
			suite = true
		case "-k8s-version":
			i++
			if i >= len(args) {
				usage()
			}
			k8sVersion = args[i]
		default:
			dir = args[i]
		}
	}
	if dir == "" {
		usage()
	}
	bundle, err := apimanifests.GetBundleFromDir(filepath.Join(dir, "manifests"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "load bundle %s: %v\n", dir, err)
		os.Exit(1)
	}
	report := Report{Errors: []Finding{}, Warnings: []Finding{}}
	collect(&report, "default", validation.DefaultBundleValidators.Validate(bundle.ObjectsToValidate()...))
	if suite {
		// The optional validators of `operator-sdk bundle validate --select-optional suite=operatorframework`.
		optional := map[string]interfaces.Validator{
			"operatorhubv2":         validation.OperatorHubV2Validator,
			"capabilities":          validation.StandardCapabilitiesValidator,
			"categories":            validation.StandardCategoriesValidator,
			"alpha-deprecated-apis": validation.AlphaDeprecatedAPIsValidator,
			"good-practices":        validation.GoodPracticesValidator,
		}
		values := map[string]string{}
		if k8sVersion != "" {
			values["k8s-version"] = k8sVersion
		}
		for _, name := range []string{"operatorhubv2", "capabilities", "categories", "alpha-deprecated-apis", "good-practices"} {
			collect(&report, name, optional[name].Validate(bundle, values))
		}
	}
	return report
}

func validateCatalog(args []string) Report {
	if len(args) != 1 {
		usage()
	}
	report := Report{Errors: []Finding{}, Warnings: []Finding{}}
	if err := config.Validate(context.Background(), os.DirFS(args[0])); err != nil {
		report.Errors = append(report.Errors, Finding{"opm-validate", args[0], "Error", "CatalogInvalid", "", err.Error()})
	}
	return report
}

func main() {
	if len(os.Args) < 3 {
		usage()
	}
	var report Report
	switch os.Args[1] {
	case "bundle":
		report = validateBundle(os.Args[2:])
	case "catalog":
		report = validateCatalog(os.Args[2:])
	default:
		usage()
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(report); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
