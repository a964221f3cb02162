"""A Darknet-style detector whose layers are built from a cfg table, as the classic YOLO ports do."""

import torch
import torch.nn as nn

CFG = """
[net]
channels=3

[convolutional]
batch_normalize=1
filters=16
size=3
stride=1

[maxpool]
size=2
stride=2

[convolutional]
batch_normalize=1
filters=32
size=3
stride=1

[maxpool]
size=2
stride=2

[convolutional]
batch_normalize=1
filters=64
size=3
stride=1

[convolutional]
batch_normalize=0
filters=21
size=1
stride=1
activation=linear

[yolo]
classes=2
"""


def parse_cfg(text):
    blocks, block = [], None
    for line in text.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if block is not None:
                blocks.append(block)
            block = {"type": line[1:-1].strip()}
        else:
            key, value = line.split("=")
            block[key.strip()] = value.strip()
    blocks.append(block)
    return blocks


class YOLOLayer(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, x):
        return x


def create_modules(blocks):
    hyperparams = blocks.pop(0)
    output_filters = [int(hyperparams["channels"])]
    module_list = nn.ModuleList()
    for i, block in enumerate(blocks):
        modules = nn.Sequential()
        if block["type"] == "convolutional":
            bn = int(block.get("batch_normalize", 0))
            filters = int(block["filters"])
            kernel_size = int(block["size"])
            pad = (kernel_size - 1) // 2
            modules.add_module(
                f"conv_{i}",
                nn.Conv2d(output_filters[-1], filters, kernel_size, int(block["stride"]), pad, bias=not bn),
            )
            if bn:
                modules.add_module(f"batch_norm_{i}", nn.BatchNorm2d(filters, momentum=0.9, eps=1e-5))
            if block.get("activation", "leaky") == "leaky":
                modules.add_module(f"leaky_{i}", nn.LeakyReLU(0.1))
        elif block["type"] == "maxpool":
            modules.add_module(f"maxpool_{i}", nn.MaxPool2d(int(block["size"]), int(block["stride"])))
            filters = output_filters[-1]
        elif block["type"] == "yolo":
            modules.add_module(f"yolo_{i}", YOLOLayer(int(block["classes"])))
            filters = output_filters[-1]
        module_list.append(modules)
        output_filters.append(filters)
    return hyperparams, module_list


class Darknet(nn.Module):
    def __init__(self, cfg_text):
        super().__init__()
        self.module_defs = parse_cfg(cfg_text)
        self.hyperparams, self.module_list = create_modules(self.module_defs)

    def forward(self, x):
        for module in self.module_list:
            x = module(x)
        return x


model = Darknet(CFG)
