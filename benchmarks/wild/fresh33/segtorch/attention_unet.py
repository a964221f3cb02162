from segment_torch.attention_unet import AttentionUNet

model = AttentionUNet(in_channels=1, out_channels=3, hiddens=[8, 16, 32, 64], device="cpu")
