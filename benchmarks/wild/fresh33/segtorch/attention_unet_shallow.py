from segment_torch.attention_unet import AttentionUNet

model = AttentionUNet(in_channels=4, out_channels=2, hiddens=[6, 12, 24, 48], device="cpu")
