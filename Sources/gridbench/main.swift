print("gridbench")
