"""torchcfm's UNetModelWrapper as in its CIFAR-10 training script, at a small width."""

from torchcfm.models.unet.unet import UNetModelWrapper

FLAGS = {"num_channel": 32, "dropout": 0.1}
model = UNetModelWrapper(
    dim=(3, 32, 32),
    num_res_blocks=1,
    num_channels=FLAGS["num_channel"],
    channel_mult=[1, 2, 2],
    num_heads=4,
    num_head_channels=16,
    attention_resolutions="16",
    dropout=FLAGS["dropout"],
)
