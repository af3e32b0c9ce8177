package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestHumanNounWithRole (issue 38 round 19, "humna coach pls"): a noun for
// a person followed by a role noun (human_roles.txt) and a please asks for
// a person, typed right or one typo off; the role noun alone, the user's
// own coach, or a question about one does not.
func TestHumanNounWithRole(t *testing.T) {
	for text, want := range map[string]bool{
		"humna coach pls":           true,
		"human trainer please":      true,
		"a real human coach please": true,
		"someone coach pls":         true,
		"huamn instructor pls":      true,
		"my coach pls":              false,
		"is the human coach good?":  false,
		"human coach said pls":      false,
	} {
		if got := IsHumanRequest(text); got != want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestRoleAfterHumanNounNeverOwn: "my ROLE pls" (the user's own) is never
// a request, with or without a human noun's typo before the possessive.
func TestRoleAfterHumanNounNeverOwn(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		role := rapid.SampledFrom([]string{"coach", "trainer", "instructor", "advisor", "therapist"}).Draw(rt, "role")
		please := rapid.SampledFrom([]string{"pls", "please", "plz"}).Draw(rt, "please")
		text := "my " + role + " " + please
		if IsHumanRequest(text) {
			t.Fatalf("%q read as a request for a person", text)
		}
		human := rapid.SampledFrom([]string{"human", "humna", "huamn", "person"}).Draw(rt, "human")
		if text := human + " " + role + " " + please; !IsHumanRequest(text) {
			t.Fatalf("%q not read as a request for a person", text)
		}
	})
}
