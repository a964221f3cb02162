from kornia.models import RRDBNet

model = RRDBNet(num_in_ch=3, num_out_ch=3, scale=2, num_feat=32, num_block=4, num_grow_ch=16)
