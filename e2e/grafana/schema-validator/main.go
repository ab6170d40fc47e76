// Command schema-validator checks Grafana dashboard JSON files against Grafana's dashboard schema as the
// Grafana Foundation SDK publishes it (types generated from grafana/grafana's kinds): a strict decode
// (unknown fields, wrong types and missing required fields fail, panel options and field config by panel
// type, queries by data source type) followed by the schema's constraints. It prints one JSON object:
// file name to the list of problems found (empty when the file conforms).
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/grafana/grafana-foundation-sdk/go/cog"
	"github.com/grafana/grafana-foundation-sdk/go/cog/plugins"
	"github.com/grafana/grafana-foundation-sdk/go/dashboard"
)

func check(path string) []string {
	raw, err := os.ReadFile(path)
	if err != nil {
		return []string{err.Error()}
	}
	var d dashboard.Dashboard
	if problems := messages("decode", d.UnmarshalJSONStrict(raw)); len(problems) > 0 {
		return problems
	}
	return messages("validate", d.Validate())
}

// messages lists the problems of an error of the SDK. Its strict decoders return their (possibly empty)
// list of build errors as an error value even when the list is empty: that is no problem.
func messages(stage string, err error) []string {
	out := []string{}
	if err == nil {
		return out
	}
	var list cog.BuildErrors
	if !errors.As(err, &list) {
		return append(out, stage+": "+err.Error())
	}
	for _, e := range list {
		out = append(out, stage+": "+e.Error())
	}
	return out
}

func main() {
	plugins.RegisterDefaultPlugins()
	report := map[string][]string{}
	for _, path := range os.Args[1:] {
		report[path] = check(path)
	}
	out, err := json.Marshal(report)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println(string(out))
}
