from nwt_pytorch import Memcodes

model = Memcodes(dim=512, num_codes=2048, heads=16)
