package flows

import _ "embed"

//go:embed demo/booking.yaml
var demoBooking []byte

// DemoFile is the name of the embedded booking demo's flow file.
const DemoFile = "flows/demo/booking.yaml"

// DemoDefinition returns the embedded booking demo's definition (flows
// book_flight and cancel_booking).
func DemoDefinition() (*Definition, error) { return Parse(demoBooking, DemoFile) }

// Demo builds the booking demo bot from the embedded flows/demo/booking.yaml.
func Demo() (*Engine, error) {
	def, err := DemoDefinition()
	if err != nil {
		return nil, err
	}
	return New(def, Options{})
}
