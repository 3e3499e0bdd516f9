print("trustctl: not built yet")
