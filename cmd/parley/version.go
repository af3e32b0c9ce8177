package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// runVersion is `parley version`.
func runVersion(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "parley version takes no arguments, got %q\nusage: parley version\n", args)
		return exitError(2)
	}
	fmt.Fprintln(stdout, versionLine())
	return nil
}

// versionLine is `parley version`: the -ldflags version, else the module version,
// and the VCS revision from the build info when the binary was built from a checkout.
func versionLine() string {
	v := version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "parley " + v
	}
	if v == "dev" && info.Main.Version != "" && info.Main.Version != "(devel)" {
		v = info.Main.Version
	}
	line := "parley " + v + " ("
	if info.Main.Path != "" {
		line += info.Main.Path + ", "
	}
	return line + info.GoVersion + revision(info.Settings) + ")"
}

// revision is ", revision R" (with " with local changes" when the checkout was
// modified) from the build's VCS settings, or "" when it has none.
func revision(settings []debug.BuildSetting) string {
	var rev, modified string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	switch {
	case rev == "":
		return ""
	case modified == "true":
		return ", revision " + rev + " with local changes"
	}
	return ", revision " + rev
}
