// listbench: built up as the modules land.
print("listbench: under construction")
