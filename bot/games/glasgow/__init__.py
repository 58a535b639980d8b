"""Glasgow: Freddy I and Freddy II, the construction robot (solo variant by Grzegorz Kobiela)."""
