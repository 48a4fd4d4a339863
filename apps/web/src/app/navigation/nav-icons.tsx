import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import FactoryOutlinedIcon from '@mui/icons-material/FactoryOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TrendingUpOutlinedIcon from '@mui/icons-material/TrendingUpOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import WorkOutlineOutlinedIcon from '@mui/icons-material/WorkOutlineOutlined';

/** The shared navigation names icons; the web app maps each name to a per-icon import. */
const NAV_ICONS: Record<string, typeof HomeOutlinedIcon> = {
  home: HomeOutlinedIcon,
  orders: ShoppingCartOutlinedIcon,
  analytics: InsightsOutlinedIcon,
  accounting: AccountBalanceWalletOutlinedIcon,
  expenses: ReceiptLongOutlinedIcon,
  income: TrendingUpOutlinedIcon,
  cases: WorkOutlineOutlinedIcon,
  products: Inventory2OutlinedIcon,
  providers: FactoryOutlinedIcon,
  stock: WarehouseOutlinedIcon,
  customers: PeopleOutlineIcon,
  users: GroupOutlinedIcon,
  profile: PersonOutlineIcon,
  sales_channels: StorefrontOutlinedIcon,
  shipping_companies: LocalShippingOutlinedIcon,
  system: AdminPanelSettingsOutlinedIcon,
  roles_permissions: SecurityOutlinedIcon,
  statuses: LabelOutlinedIcon,
  shop_settings: TuneOutlinedIcon,
  audit_log: HistoryOutlinedIcon,
  payments: PaymentsOutlinedIcon,
};

export function NavIcon({ name, fontSize = 'small' }: { name: string; fontSize?: 'small' | 'medium' | 'large' }) {
  const Icon = NAV_ICONS[name] ?? CircleOutlinedIcon;
  return <Icon fontSize={fontSize} />;
}
