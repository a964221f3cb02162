import segmentation_models_pytorch_3d as smp

model = smp.Linknet(encoder_name="densenet121", encoder_weights=None, in_channels=1, classes=2)
