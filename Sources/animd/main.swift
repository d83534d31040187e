print("animd")
