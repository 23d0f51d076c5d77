print("listbench: under construction")
