"""Re-targeting a YOLOX-s head from 80 to 7 classes with the library's init_head, backbone frozen."""

from cjm_yolox_pytorch.model import MODEL_CFGS, YOLOX, YOLOXPAFPN, CSPDarknet, YOLOXHead, init_head

cfg = MODEL_CFGS["yolox_s"]
backbone = CSPDarknet(deepen_factor=cfg["deepen_factor"], widen_factor=cfg["widen_factor"])
neck = YOLOXPAFPN(**{k[len("neck_") :]: v for k, v in cfg.items() if k.startswith("neck_")})
head = YOLOXHead(
    num_classes=80, **{k[len("head_") :]: v for k, v in cfg.items() if k.startswith("head_")}
)
model = YOLOX(backbone, neck, head)
init_head(model.bbox_head, num_classes=7)
model.backbone.requires_grad_(False)
