package flows

import _ "embed"

//go:embed demo/booking.yaml
var demoBooking []byte

//go:embed demo/hotel.yaml
var demoHotel []byte

// HotelDemoFile is the name of the embedded hotel demo's flow file.
const HotelDemoFile = "flows/demo/hotel.yaml"

// HotelDemo builds the hotel demo bot from the embedded flows/demo/hotel.yaml:
// a search whose results are offered, and a booking that takes the chosen one.
func HotelDemo() (*Engine, error) {
	def, err := Parse(demoHotel, HotelDemoFile)
	if err != nil {
		return nil, err
	}
	return New(def, Options{})
}

// DemoFor builds the embedded demo named like the bot: hotel for a bot named
// hotel, the booking demo for any other.
func DemoFor(bot string) (*Engine, error) {
	if bot == "hotel" {
		return HotelDemo()
	}
	return Demo()
}

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
