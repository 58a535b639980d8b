"""Great Western Trail (2nd edition) solo: Sam, from "Lonely are the Brave"."""
