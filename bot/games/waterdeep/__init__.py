"""Lords of Waterdeep: Pseudo, the scripted pseudo-player of Speusippus' solo variant."""
