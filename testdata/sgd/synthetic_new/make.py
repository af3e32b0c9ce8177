#!/usr/bin/env python3
"""Writes schema.json and dialogues.json of the synthetic services (see README.md).

The dialogues are written by hand below in a compact notation; this script only
expands them into SGD's JSON format, computing each user turn's state the way
SGD's annotators keep it: the previous state, plus the values the user's INFORM
acts give (replacing a slot's earlier value), plus the values of a confirmation
the user affirms (a default shown there, the system's own spelling of a value),
plus what a turn lists in gain (an offered result the user takes) or adds as
another surface form of a value already held.

    python3 make.py    # rewrites schema.json and dialogues.json here
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def slot(name, desc, values=None):
    return {"name": name, "description": desc, "is_categorical": values is not None,
            "possible_values": values or []}

def intent(name, desc, trans, req, opt=None, result=None):
    return {"name": name, "description": desc, "is_transactional": trans,
            "required_slots": req, "optional_slots": opt or {}, "result_slots": result or []}

TF = ["True", "False"]
SCHEMA = [
 {"service_name": "Wallet_1", "description": "Send money to friends and ask them for money through a payment app",
  "slots": [
   slot("payment_method", "Where the money is paid from", ["app balance", "debit card", "credit card"]),
   slot("amount", "Amount of money to send or request"),
   slot("receiver", "Name of the contact or account the payment goes to or is asked of"),
   slot("private_visibility", "Whether the transaction is hidden from other users", TF)],
  "intents": [
   intent("MakePayment", "Send money to a contact", True, ["payment_method", "amount", "receiver"],
          {"private_visibility": "False"}, ["payment_method", "amount", "receiver", "private_visibility"]),
   intent("RequestPayment", "Ask a contact for money", True, ["receiver", "amount"],
          {"private_visibility": "False"}, ["amount", "receiver", "private_visibility"])]},
 {"service_name": "Chat_1", "description": "Messaging app to share things with contacts",
  "slots": [
   slot("location", "Location or address to share with the contact"),
   slot("contact_name", "Name of the contact to send it to")],
  "intents": [
   intent("ShareLocation", "Send a location to a contact", True, ["location", "contact_name"], {},
          ["location", "contact_name"])]},
 {"service_name": "Rail_1", "description": "Find and book train journeys between cities",
  "slots": [
   slot("from", "Starting city of the train journey"),
   slot("to", "Destination city of the train journey"),
   slot("from_station", "Name of the departure station"),
   slot("to_station", "Name of the arrival station"),
   slot("date_of_journey", "Date of the train journey"),
   slot("journey_start_time", "Departure time of the train"),
   slot("total", "Total price of the tickets"),
   slot("number_of_adults", "Number of adult passengers", ["1", "2", "3", "4", "5"]),
   slot("class", "Fare class of the tickets", ["Value", "Flexible", "Business"]),
   slot("trip_protection", "Whether to add trip protection insurance to the tickets", TF)],
  "intents": [
   intent("FindTrains", "Search for trains to a city on a date", False, ["from", "to", "date_of_journey"],
          {"class": "Value", "number_of_adults": "1"},
          ["from", "to", "from_station", "to_station", "date_of_journey", "journey_start_time", "total", "number_of_adults", "class"]),
   intent("GetTrainTickets", "Book train tickets", True,
          ["from", "to", "date_of_journey", "journey_start_time", "number_of_adults", "trip_protection"],
          {"class": "Value"},
          ["from", "to", "from_station", "to_station", "date_of_journey", "journey_start_time", "total", "number_of_adults", "class", "trip_protection"])]},
 {"service_name": "Pharmacy_1", "description": "Refill prescriptions at a local pharmacy",
  "slots": [
   slot("medication", "Name of the prescribed medicine"),
   slot("pharmacy_address", "Street address of the pharmacy"),
   slot("refill_count", "How many refills to order", ["1", "2", "3"]),
   slot("home_delivery", "Whether the medicine is delivered home", TF),
   slot("ready_date", "Date the order is ready"),
   slot("copay", "Amount the patient pays")],
  "intents": [
   intent("RefillPrescription", "Order a refill of a prescription", True, ["medication", "pharmacy_address"],
          {"refill_count": "1", "home_delivery": "False"},
          ["medication", "pharmacy_address", "refill_count", "home_delivery", "ready_date", "copay"]),
   intent("RepeatLastOrder", "Order the last prescription again", True, [], {},
          ["medication", "pharmacy_address", "ready_date", "copay"])]},
 {"service_name": "Parking_1", "description": "Find and reserve parking spots in garages",
  "slots": [
   slot("city", "City where the user wants to park"),
   slot("garage_name", "Name of the parking garage"),
   slot("park_date", "Date of parking"),
   slot("start_time", "Time parking starts"),
   slot("hours", "Number of hours to park"),
   slot("has_ev_charging", "Whether the garage has electric vehicle charging", TF),
   slot("price", "Total price of the reservation")],
  "intents": [
   intent("FindGarage", "Search for a parking garage in a city", False, ["city"],
          {"has_ev_charging": "dontcare"}, ["city", "garage_name", "has_ev_charging", "price"]),
   intent("ReserveSpot", "Reserve a parking spot in a garage", True, ["garage_name", "park_date", "start_time", "hours"], {},
          ["garage_name", "park_date", "start_time", "hours", "price"])]},
 {"service_name": "Gym_1", "description": "Fitness club classes",
  "slots": [
   slot("class_type", "Kind of workout class", ["Yoga", "Spinning", "Pilates", "Boxing"]),
   slot("class_name", "Name of the class"),
   slot("class_date", "Date of the class"),
   slot("class_time", "Time the class starts"),
   slot("instructor", "Name of the instructor"),
   slot("bring_guest", "Whether the member brings a guest", TF)],
  "intents": [
   intent("FindClasses", "Look for fitness classes", False, [],
          {"class_type": "dontcare", "class_date": "dontcare"},
          ["class_type", "class_name", "class_date", "class_time", "instructor"]),
   intent("BookClass", "Book a spot in a class", True, ["class_name", "class_date", "class_time"],
          {"bring_guest": "False"}, ["class_name", "class_date", "class_time", "instructor", "bring_guest"])]},
 {"service_name": "Clinic_1", "description": "Book appointments with doctors",
  "slots": [
   slot("city", "City where the doctor practices"),
   slot("specialty", "Medical specialty of the doctor", ["Family Medicine", "Dermatology", "Pediatrics", "Cardiology"]),
   slot("doctor_name", "Name of the doctor"),
   slot("appointment_date", "Date of the appointment"),
   slot("appointment_time", "Time of the appointment"),
   slot("is_new_patient", "Boolean flag, true if this is the first time the patient visits this doctor", TF),
   slot("phone_number", "Phone number of the practice")],
  "intents": [
   intent("FindDoctor", "Search for a doctor in a city", False, ["city", "specialty"], {},
          ["city", "specialty", "doctor_name", "phone_number"]),
   intent("BookAppointment", "Make an appointment with a doctor", True,
          ["doctor_name", "appointment_date", "appointment_time", "is_new_patient"], {},
          ["doctor_name", "appointment_date", "appointment_time", "is_new_patient", "phone_number"])]},
 {"service_name": "Speaker_1", "description": "Play songs on smart speakers around the home",
  "slots": [
   slot("song_name", "Title of the song"),
   slot("artist", "Performer of the song"),
   slot("album", "Album the song is from"),
   slot("genre", "Style of music"),
   slot("device", "Speaker the song plays on", ["Living room", "Kitchen", "Bedroom"])],
  "intents": [
   intent("LookupSongs", "Search for songs to listen to", False, [], {"genre": "dontcare", "artist": "dontcare"},
          ["song_name", "artist", "album", "genre"]),
   intent("PlaySong", "Play a song on a speaker", True, [], {"song_name": "dontcare", "device": "Living room"},
          ["song_name", "artist", "album", "genre", "device"])]},
 {"service_name": "FlightStatus_1", "description": "Check the status of flights",
  "slots": [
   slot("airline", "Airline operating the flight"),
   slot("flight_number", "Number of the flight"),
   slot("flight_date", "Date of the flight"),
   slot("status", "Whether the flight is on time, delayed or cancelled", ["On time", "Delayed", "Cancelled"]),
   slot("departure_time", "Expected departure time"),
   slot("gate", "Departure gate")],
  "intents": [
   intent("CheckStatus", "Check whether a flight is on time", False, ["airline", "flight_number"],
          {"flight_date": "dontcare"}, ["airline", "flight_number", "flight_date", "status", "departure_time", "gate"]),
   intent("GetDelayedFlights", "List today's delayed flights", False, [], {},
          ["airline", "flight_number", "status", "departure_time"])]},
]

CAT = {(s["service_name"], sl["name"]) for s in SCHEMA for sl in s["slots"] if sl["is_categorical"]}

def parse_act(a):
    act, _, rest = a.partition(":")
    slot, _, vals = rest.partition("=")
    if act == "INFORM_INTENT" or act == "OFFER_INTENT":
        return {"act": act, "slot": "intent", "values": [slot]}
    return {"act": act, "slot": slot, "values": vals.split("|") if vals else []}

def U(utt, acts, gain=None, add=None, drop=None):
    return ("USER", utt, [parse_act(a) for a in acts], gain or {}, add or {}, drop or [])

def S(utt, acts, call=None, results=None):
    return ("SYSTEM", utt, [parse_act(a) for a in acts], call, results)

def expand(did, service, turns):
    out, state, active, last_sys = [], {}, "NONE", None
    for t in turns:
        if t[0] == "SYSTEM":
            _, utt, acts, call, results = t
            fr = {"service": service, "actions": acts, "slots": []}
            if call:
                fr["service_call"] = {"method": call[0], "parameters": call[1]}
                fr["service_results"] = results or []
            out.append({"speaker": "SYSTEM", "utterance": utt, "frames": [fr]})
            last_sys = acts
            continue
        _, utt, acts, gain, add, drop = t
        for a in acts:
            if a["act"] == "INFORM_INTENT":
                active = a["values"][0]
        if any(a["act"] == "AFFIRM" for a in acts) and last_sys:
            for a in last_sys:
                if a["act"] == "CONFIRM":
                    held = state.setdefault(a["slot"], [])
                    if a["values"][0] not in held:
                        held.append(a["values"][0])
        for a in acts:
            if a["act"] in ("INFORM", "SELECT") and a["slot"] and a["values"]:
                state[a["slot"]] = list(a["values"])
        for k, v in gain.items():
            state[k] = list(v)
        for k, v in add.items():
            state.setdefault(k, []).extend(x for x in v if x not in state.get(k, []))
        for k in drop:
            state.pop(k, None)
        req = [a["slot"] for a in acts if a["act"] == "REQUEST"]
        fr = {"service": service, "actions": acts, "slots": [],
              "state": {"active_intent": active, "requested_slots": req,
                        "slot_values": {k: list(v) for k, v in state.items()}}}
        out.append({"speaker": "USER", "utterance": utt, "frames": [fr]})
    return {"dialogue_id": did, "services": [service], "turns": out}

from dialogues_src import DIALOGUES  # noqa: E402  (the hand-written dialogues)

def main():
    with open(os.path.join(HERE, "schema.json"), "w") as f:
        json.dump(SCHEMA, f, indent=1)
        f.write("\n")
    dialogues = [expand(did, svc, turns) for did, svc, turns in DIALOGUES(U, S)]
    with open(os.path.join(HERE, "dialogues.json"), "w") as f:
        json.dump(dialogues, f, indent=1)
        f.write("\n")
    print(len(SCHEMA), "services,", len(dialogues), "dialogues")

if __name__ == "__main__":
    main()
