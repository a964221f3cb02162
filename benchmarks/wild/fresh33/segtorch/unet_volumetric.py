from segment_torch.unet import UNet

model = UNet(in_channels=1, out_channels=2, hiddens=[4, 8, 16], dimensions=3, device="cpu")
