print("trustlistd: not built yet")
