"""MeanFlow (one-step generation) around the library's Unet, grayscale 28x28."""

from rectified_flow_pytorch import MeanFlow, Unet

net = Unet(dim=24, dim_mults=(1, 2), channels=1, attn_heads=2, attn_dim_head=16)
model = MeanFlow(net, data_shape=(1, 28, 28), use_adaptive_loss_weight=True)
