import geffnet

model = geffnet.create_model("mixnet_s", pretrained=False, num_classes=37, drop_rate=0.2)
