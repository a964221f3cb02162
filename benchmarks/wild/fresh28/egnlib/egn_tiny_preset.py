"""egnlib's `egn_tiny` preset for 5 classes on 8x8 SPD matrices."""

from egn import egn_tiny

model = egn_tiny(num_classes=5, in_dim=8, input_kind="spd")
