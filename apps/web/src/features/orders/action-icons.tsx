import type { ReactElement } from 'react';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/History';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TextSnippetOutlinedIcon from '@mui/icons-material/TextSnippetOutlined';
import UpdateOutlinedIcon from '@mui/icons-material/UpdateOutlined';
import type { TBulkAction, TRowAction } from './row-action-rules';

/** Every order action's icon, so an action looks the same in a row's menu and in the bulk menu. */
export const ACTION_ICONS: Record<TRowAction | TBulkAction, ReactElement> = {
  edit: <EditOutlinedIcon fontSize="small" />,
  status: <SwapHorizIcon fontSize="small" />,
  bulk_status: <SwapHorizIcon fontSize="small" />,
  mark_confirmed: <CheckCircleOutlineIcon fontSize="small" />,
  mark_pending: <HourglassEmptyIcon fontSize="small" />,
  report: <EventRepeatOutlinedIcon fontSize="small" />,
  timeline: <HistoryIcon fontSize="small" />,
  assign_agent: <PersonAddOutlinedIcon fontSize="small" />,
  customer: <PersonOutlineIcon fontSize="small" />,
  custom_fields: <TextSnippetOutlinedIcon fontSize="small" />,
  delete: <DeleteOutlineIcon fontSize="small" />,
  restore: <RestoreIcon fontSize="small" />,
  assign_shipping: <LocalShippingOutlinedIcon fontSize="small" />,
  dispatch: <SendOutlinedIcon fontSize="small" />,
  go_back: <AssignmentReturnOutlinedIcon fontSize="small" />,
  validate: <FactCheckOutlinedIcon fontSize="small" />,
  parcel_tickets: <ReceiptLongOutlinedIcon fontSize="small" />,
  shipment_timeline: <RouteOutlinedIcon fontSize="small" />,
  notify_driver: <NotificationsActiveOutlinedIcon fontSize="small" />,
  driver_updates: <UpdateOutlinedIcon fontSize="small" />,
};
