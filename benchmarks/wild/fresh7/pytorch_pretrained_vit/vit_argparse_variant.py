import argparse

from pytorch_pretrained_vit import ViT

parser = argparse.ArgumentParser()
parser.add_argument(
    "--arch", default="B_32_imagenet1k", choices=["B_16", "B_32", "B_32_imagenet1k"]
)
parser.add_argument("--image-size", type=int, default=128)
parser.add_argument("--classes", type=int, default=37)
args = parser.parse_args([])

# the pets task: train from scratch at a lower resolution than the checkpoint's
model = ViT(args.arch, pretrained=False, image_size=args.image_size, num_classes=args.classes)
