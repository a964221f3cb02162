import timm

model = timm.create_model("regnety_004", pretrained=False, features_only=True, out_indices=(1, 2, 3))
