// Command flect-oracle prints, for every word read from stdin (one per line), the two plurals the Go
// toolchain derives from a kind: kubebuilder's (flect.Pluralize of the lower-cased kind, PROJECT and RBAC)
// and controller-gen's (the lower-cased flect.Pluralize of the kind, the CRD's default plural), then
// flect.Singularize of the word (which `import crd` names list items with), tab-separated.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/gobuffalo/flect"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		word := in.Text()
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\n", word, flect.Pluralize(strings.ToLower(word)), strings.ToLower(flect.Pluralize(word)), flect.Singularize(word))
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
