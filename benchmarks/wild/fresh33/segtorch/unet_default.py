from segment_torch.unet import UNet

model = UNet(in_channels=3, out_channels=4, device="cpu")
