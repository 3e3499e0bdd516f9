print("trustlists-bench: not built yet")
