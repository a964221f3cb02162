import argparse

from unet import UNet


def parse():
    p = argparse.ArgumentParser(description="train a 2-D U-Net on slices")
    p.add_argument("--in-channels", type=int, default=3)
    p.add_argument("--classes", type=int, default=2)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--width", type=int, default=16)
    p.add_argument("--norm", choices=["batch", "instance", "none"], default="instance")
    p.add_argument("--preact", action="store_true")
    return p.parse_args([])


a = parse()
model = UNet(
    in_channels=a.in_channels,
    out_classes=a.classes,
    dimensions=2,
    num_encoding_blocks=a.depth,
    out_channels_first_layer=a.width,
    normalization=None if a.norm == "none" else a.norm,
    preactivation=a.preact,
    padding=1,
    pooling_type="avg",
)
