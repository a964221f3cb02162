from dc1d.nn import DeformConv1d

model = DeformConv1d(in_channels=4, out_channels=8, kernel_size=5, padding="same", dilation=2)
