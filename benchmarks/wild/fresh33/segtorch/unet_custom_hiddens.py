from segment_torch.unet import UNet

model = UNet(in_channels=1, out_channels=2, hiddens=[8, 16, 32], dimensions=2, device="cpu")
