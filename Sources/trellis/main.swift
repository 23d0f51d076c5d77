print("trellis: under construction")
