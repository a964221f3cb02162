import timm_3d

# the classifier is dropped (num_classes=0): a feature extractor for a 3D volume
model = timm_3d.create_model("densenet121", pretrained=False, in_chans=1, num_classes=0)
