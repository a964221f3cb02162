"""A hand-sized 'nano' YOLOX: backbone, PAFPN neck and head built separately with small widths."""

from cjm_yolox_pytorch.model import YOLOX, YOLOXPAFPN, CSPDarknet, YOLOXHead

DEEPEN, WIDEN = 0.33, 0.125
stage_out = [int(c * WIDEN) for c in (256, 512, 1024)]

backbone = CSPDarknet(arch="P5", deepen_factor=DEEPEN, widen_factor=WIDEN, out_indices=(2, 3, 4))
neck = YOLOXPAFPN(in_channels=stage_out, out_channels=stage_out[0], num_csp_blocks=1)
head = YOLOXHead(
    num_classes=5,
    in_channels=stage_out[0],
    feat_channels=stage_out[0],
    stacked_convs=1,
    strides=[8, 16, 32],
)
model = YOLOX(backbone, neck, head)
